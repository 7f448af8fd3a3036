import { describe, expect, it } from 'vitest';
import { cn } from './cn.js';

describe('cn', () => {
  it('joins conditional classes like clsx', () => {
    const off = Math.random() > 2;
    expect(cn('a', off && 'b', null, undefined, ['c', { d: true, e: false }])).toBe('a c d');
  });

  it('lets a later utility of the same kind win', () => {
    expect(cn('px-4 py-2', 'px-2')).toBe('py-2 px-2');
    expect(cn('h-9 w-9', 'size-10')).toBe('size-10');
    expect(cn('size-10', 'w-4')).toBe('size-10 w-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('mt-2 mb-1', 'my-4')).toBe('my-4');
    expect(cn('rounded-md', 'rounded-2xl')).toBe('rounded-2xl');
    expect(cn('flex', 'hidden')).toBe('hidden');
    expect(cn('absolute top-0', 'relative')).toBe('top-0 relative');
  });

  it('tells kinds that share a prefix apart', () => {
    expect(cn('text-sm text-muted-foreground', 'text-base')).toBe('text-muted-foreground text-base');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('text-left', 'text-center text-lg')).toBe('text-center text-lg');
    expect(cn('border border-border', 'border-destructive')).toBe('border border-destructive');
    expect(cn('border', 'border-2')).toBe('border-2');
    expect(cn('border-b border-border', 'border-b-2')).toBe('border-border border-b-2');
    expect(cn('font-medium font-mono', 'font-bold')).toBe('font-mono font-bold');
    expect(cn('bg-card bg-cover', 'bg-primary')).toBe('bg-cover bg-primary');
    expect(cn('shadow-sm', 'shadow-lg')).toBe('shadow-lg');
    expect(cn('ring-2 ring-ring', 'ring-primary')).toBe('ring-2 ring-primary');
    expect(cn('ring-offset-2 ring-offset-background', 'ring-offset-4')).toBe('ring-offset-background ring-offset-4');
    expect(cn('whitespace-nowrap', 'whitespace-normal')).toBe('whitespace-normal');
    expect(cn('text-lg leading-tight', 'text-base')).toBe('text-base');
    expect(cn('text-base', 'leading-tight')).toBe('text-base leading-tight');
  });

  it('keeps variants, negatives, important and arbitrary values apart', () => {
    expect(cn('hover:bg-muted bg-card', 'hover:bg-primary')).toBe('bg-card hover:bg-primary');
    expect(cn('md:px-4 px-2', 'px-3')).toBe('md:px-4 px-3');
    expect(cn('-mt-2', 'mt-4')).toBe('mt-4');
    expect(cn('w-full', 'w-[calc(100%-2rem)]')).toBe('w-[calc(100%-2rem)]');
    expect(cn('data-[state=open]:bg-muted', 'data-[state=open]:bg-card')).toBe('data-[state=open]:bg-card');
    expect(cn('p-2', '!p-4')).toBe('p-2 !p-4');
  });

  it('keeps classes it does not know', () => {
    expect(cn('group peer field-shell', 'prose field-shell')).toBe('group peer field-shell prose field-shell');
    expect(cn('animate-fade-in', 'animate-toast-in')).toBe('animate-toast-in');
  });
});
