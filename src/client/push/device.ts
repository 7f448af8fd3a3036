import { api } from '#client/lib/api.js';

// This device's side of Web Push (docs/contract.md §3.10): what it can do, and its subscription on the server.

/** What the device can do about notifications, as the screens say it. */
export type DevicePushState = 'unsupported' | 'ios_install' | 'blocked' | 'off' | 'on';

const isIos = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;
const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The device's subscription posted for the signed-in user: a device belongs to the latest user (200 or 201). */
const save = (subscription: PushSubscription) =>
  api('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });

/**
 * The device's state, read without asking anything. Safari on iOS gives web apps push only from the Home
 * Screen, so there it first says how to add the app. A device already on is posted again, so that it follows
 * whoever signed in on it last.
 */
export async function readDeviceState(): Promise<DevicePushState> {
  if (isIos() && !isStandalone()) return 'ios_install';
  if (!canPush()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await currentSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  await save(subscription).catch(() => {});
  return 'on';
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser for permission (call it only from the user's own tap: never on page load), subscribes this
 * device with the app's VAPID key and posts the subscription. Answers the state it ends in.
 */
export async function turnOnPush(): Promise<DevicePushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>('/api/push/public-key');
  const key = applicationServerKey(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const sameKey = (current: PushSubscription) => {
    const used = current.options.applicationServerKey;
    return used !== null && new Uint8Array(used).every((byte, i) => byte === key[i]);
  };
  // A subscription made with another key (VAPID_* changed) cannot be reused.
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await save(subscription);
  return 'on';
}

/** This device stops getting pushes: removed on the server, then in the browser. */
export async function turnOffPush(): Promise<DevicePushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(
      () => {},
    );
    await subscription.unsubscribe();
  }
  return 'off';
}
