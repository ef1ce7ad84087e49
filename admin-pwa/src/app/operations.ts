// Registers every feature's outbox operations at start, so a write queued before a reload can be
// replayed before its screen's chunk is loaded. One import per feature that queues writes.
import '../features/listings/operations.ts';
import '../features/messages/operations.ts';
import '../features/settings/operations.ts';
import '../features/newsletter/operations.ts';
