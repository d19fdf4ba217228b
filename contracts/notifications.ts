/** Notifications (mail) as people read them, on both sides. */

/** How a mail travels, in words (never the internal name such as local_outbox). */
export const transportInWords = (transport: string): string =>
  (({ local_outbox: 'kept on this server without SMTP', smtp: 'SMTP' }) as Record<string, string>)[transport] ?? transport;
