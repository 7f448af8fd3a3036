// What other features may use of the push feature (docs/contract.md §3.10): the device's 'Turn on notifications'.
export { TurnOnNotifications } from './turn-on-notifications.js';
