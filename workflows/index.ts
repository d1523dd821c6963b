// Every workflow the worker registers.
export { sendEmail, providerOutcomeSignal } from './sendEmail';
export { recordLateOutcome } from './recordLateOutcome';
export { recordEngagement } from './recordEngagement';
export { emailLogRetention, contentRetention } from './retention';
export { announceUnsubscribe } from './announceUnsubscribe';
export { receiveEmail } from './receiveEmail';
export { deleteAccount } from './accountDeletion';
export { eraseAddress } from './eraseAddress';
export { announceAccountNotice } from './announceAccountNotice';
export { provisionSes } from './provisionSes';
