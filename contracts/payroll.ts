/**
 * Speaker payroll (spec 3: payroll summary, admin payroll row, itemized line, constants): the
 * rules' numbers in one place, for the server and the web.
 */

/** Pay months are calendar months in this zone, the product's home zone (the spec's default zone). */
export const PAYROLL_TIME_ZONE = 'America/New_York';
/** A gap of up to this many minutes between a speaker's back-to-back conversations is paid as idle time. */
export const IDLE_GAP_MAX_MINUTES = 15;
/** The first month that can be chosen (spec 3: from October 2022)… */
export const PAYROLL_FIRST_MONTH = '2022-10';
/** …and how many months back from this one. */
export const PAYROLL_MONTHS_BACK = 12;
/** The admin's payroll grid page size. */
export const PAYROLL_PAGE_SIZE = 25;

/** payroll-YYYYMM.csv and payroll-YYYYMM-itemized.csv (spec 3, constants). */
export const payrollCsvName = (month: string, itemized: boolean) => `payroll-${month.replace('-', '')}${itemized ? '-itemized' : ''}.csv`;

export const PayrollMessages = {
  monthRange: 'Choose a month from October 2022 to this month.',
  sameMonth: 'The start and end must lie in the same month.',
  speakerRole: 'Payroll is for speakers and administrators.',
  monthFormat: 'Choose a month as YYYY-MM.',
  monthNotOver: 'Only a month that is over can be closed.',
  alreadyClosed: 'This month is already closed.',
  notClosed: 'This month is not closed.',
  reasonRequired: 'Please give a reason for reopening the month.',
  reasonTooLong: 'The reason must be at most 500 characters.',
  tooManyMonths: 'Choose at most 13 months at once.',
};
