/** The CSV download of a redemption set's codes (one row per code, values without their prefix). */
export interface CsvCode {
  value: string;
  minuteQuantity: number;
  createdAt: string;
  redeemedOn: string | null;
  redeemedBy: { emailAddress: string | null } | null;
}

const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function codesCsv(codes: CsvCode[]): string {
  const rows = [
    ['code', 'minutes', 'created_at', 'redeemed_by', 'redeemed_on'],
    ...codes.map((c) => [c.value, c.minuteQuantity, c.createdAt, c.redeemedBy?.emailAddress ?? '', c.redeemedOn ?? '']),
  ];
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

export const csvFileName = (setName: string) =>
  `redemption-set-${
    setName
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'codes'
  }.csv`;
