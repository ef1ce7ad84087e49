// Tells the outbox where each feature's operations live, so a write queued before a reload can be
// replayed before its screen is opened. Loaded on first need, not at start: the operations import
// the features' API code and the shared zod schemas, which the first screen does not need.
// One line per group of operation kinds (the part of the kind before the dot).
import { registerOperationLoader } from '../db/outbox.ts';

const newsletter = () => import('../features/newsletter/operations.ts');

registerOperationLoader('listing', () => import('../features/listings/operations.ts'));
registerOperationLoader('inquiry', () => import('../features/messages/operations.ts'));
registerOperationLoader('smtp', () => import('../features/settings/operations.ts'));
registerOperationLoader('subscriber', newsletter);
registerOperationLoader('newsletter', newsletter);
