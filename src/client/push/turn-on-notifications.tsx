import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { cn } from '#client/lib/cn.js';
import { readDeviceState, turnOffPush, turnOnPush, type DevicePushState } from './device.js';

/**
 * 'Turn on notifications' (docs/contract.md §3.10): this device's state and, when it can, the button. The
 * browser is asked only after the user's tap, never on page load. Used on the dashboard and in the settings.
 */
export function TurnOnNotifications({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<DevicePushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    readDeviceState().then(
      (read) => live && setState(read),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = (to: () => Promise<DevicePushState>) => async () => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await to());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const Icon = state === 'on' ? BellRing : BellOff;
  return (
    <section
      className={cn('grid gap-3 rounded-2xl border border-border bg-card p-5', className)}
      aria-labelledby="push-device-title"
      data-testid="push-device"
      data-state={state}
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="grid min-w-0 gap-1">
          <h2 id="push-device-title" className="text-base font-semibold">
            {t('common:push_title')}
          </h2>
          <p className="text-sm text-muted-foreground" role="status">
            {t(`common:push_state_${state}`)}
          </p>
        </div>
      </div>
      {failed && <Alert variant="destructive">{t('common:push_failed')}</Alert>}
      {state === 'off' && (
        <Button onClick={change(turnOnPush)} disabled={busy} className="w-full sm:w-auto sm:justify-self-start">
          <BellRing aria-hidden />
          {t('common:push_turn_on')}
        </Button>
      )}
      {state === 'on' && (
        <Button
          variant="outline"
          onClick={change(turnOffPush)}
          disabled={busy}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {t('common:push_turn_off')}
        </Button>
      )}
    </section>
  );
}
