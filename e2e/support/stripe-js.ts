import type { BrowserContext } from 'playwright-core';

/**
 * A stand-in for Stripe.js, served in place of https://js.stripe.com/* by Playwright route
 * interception. It implements what @stripe/stripe-js and @stripe/react-stripe-js call — Stripe(),
 * elements(), create/mount of the payment element with its events, confirmPayment with
 * redirect 'if_required' — and confirms against the same Stripe test server the app's SDK uses
 * (src/server/test/stripe-server.ts), with the publishable key and client secret as Stripe.js does.
 * The "card" is one input; the test server declines 4000 0000 0000 0002 and accepts others.
 */
function standInSource(apiUrl: string): string {
  return `(() => {
  const API = ${JSON.stringify(apiUrl)};
  function Stripe(publishableKey) {
    let clientSecret = null;
    let cardInput = null;
    const stripe = {
      elements(options) {
        clientSecret = options && options.clientSecret;
        const elements = {
          create(type) {
            const handlers = {};
            let node = null;
            const emit = (event, payload) => (handlers[event] || []).forEach((h) => h(payload));
            const element = {
              mount(target) {
                node = typeof target === 'string' ? document.querySelector(target) : target;
                node.innerHTML =
                  '<label style="display:grid;gap:6px;font:14px system-ui">Card number' +
                  '<input data-testid="stripe-card-number" inputmode="numeric" autocomplete="cc-number" ' +
                  'placeholder="1234 1234 1234 1234" style="height:40px;border:1px solid #ccd;border-radius:8px;padding:0 12px"></label>';
                cardInput = node.querySelector('input');
                cardInput.addEventListener('input', () =>
                  emit('change', { elementType: type, empty: !cardInput.value, complete: cardInput.value.length >= 16 }),
                );
                setTimeout(() => emit('ready', { elementType: type }), 0);
              },
              on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
              off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return element; },
              once(event, handler) { return element.on(event, handler); },
              update() {},
              focus() { if (cardInput) cardInput.focus(); },
              blur() {},
              clear() { if (cardInput) cardInput.value = ''; },
              collapse() {},
              unmount() { if (node) node.innerHTML = ''; },
              destroy() { if (node) node.innerHTML = ''; cardInput = null; },
            };
            return element;
          },
          getElement() { return null; },
          update() {},
          fetchUpdates() { return Promise.resolve({}); },
          submit() { return Promise.resolve({}); },
        };
        return elements;
      },
      async confirmPayment({ confirmParams }) {
        const intentId = String(clientSecret).split('_secret_')[0];
        const body = new URLSearchParams({
          client_secret: clientSecret,
          return_url: (confirmParams && confirmParams.return_url) || '',
          'payment_method_data[card][number]': cardInput ? cardInput.value : '',
        });
        const response = await fetch(API + '/v1/payment_intents/' + intentId + '/confirm', {
          method: 'POST',
          headers: { authorization: 'Bearer ' + publishableKey, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        const json = await response.json();
        return response.ok ? { paymentIntent: json } : { error: json.error };
      },
      createToken() { return Promise.reject(new Error('not in the stand-in')); },
      createPaymentMethod() { return Promise.reject(new Error('not in the stand-in')); },
      confirmCardPayment() { return Promise.reject(new Error('not in the stand-in')); },
      _registerWrapper() {},
      registerAppInfo() {},
    };
    return stripe;
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;
}

/** Every page of `context` gets the stand-in instead of Stripe.js. */
export async function serveStripeStandIn(context: BrowserContext, apiUrl: string): Promise<void> {
  const body = standInSource(apiUrl);
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body }),
  );
}

/** Stripe.js unreachable (offline, blocked by an extension). */
export async function blockStripeJs(context: BrowserContext): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
}
