// Every workflow the worker registers.
export { sendEmail, providerOutcomeSignal } from './sendEmail';
