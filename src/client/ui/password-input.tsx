import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#client/lib/cn.js';
import { useHydrated } from '#client/lib/hydrated.js';
import { Input } from './input.js';

/**
 * A password field with a show/hide button. The button works only with scripts, so it shows once the page has
 * hydrated (docs/decisions/030): before that the field is a plain password input, with no eye that drops a click.
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      {hydrated && (
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('common:password_hide') : t('common:password_show')}
          aria-pressed={visible}
          className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      )}
    </div>
  );
}
