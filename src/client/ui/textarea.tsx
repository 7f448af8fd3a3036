import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.js';
import { controlClass } from './input.js';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClass, 'min-h-20 py-2 leading-relaxed', className)} {...props} />;
}
