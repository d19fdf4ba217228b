/**
 * Every upcaster of the domain, registered on import. The composition root (services/app/runtime.ts)
 * imports this before anything reads or writes events, so reads lift old shapes and the command
 * executor stamps new events with their current schema version.
 */
import './catalog/upcasters';
