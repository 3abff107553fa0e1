import type { SvcStore } from './store';

/** The demo realm's channel messages and topics (after the channels exist). */
export function seedMessages(_store: SvcStore): void {}
