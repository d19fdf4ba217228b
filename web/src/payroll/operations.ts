/** Payroll calls (spec 3, section 7: payroll and itemizedPayroll by month range, uncached; the admin's closing). */
import { type DocumentType, graphql } from '../gql';

const PAYROLL_ROW_FIELDS = graphql(`
  fragment PayrollRowFields on PayrollRow {
    id month speaker { id givenName surname } conversationPayMinutes conversationPayRate conversationPayAmount
    idlePayMinutes idlePayRate idlePayAmount adjustmentAmount totalPay closed
  }
`);

export type PayrollRowData = DocumentType<typeof PAYROLL_ROW_FIELDS>;
export type PayrollLineData = DocumentType<typeof ITEMIZED_PAYROLL>['itemizedPayroll'][number];

export const SPEAKER_PAYROLL = graphql(`
  query SpeakerPayroll($startTime: DateTime!, $endTime: DateTime!, $historyStart: DateTime!) {
    me { id tzIdentifier }
    month: payroll(startTime: $startTime, endTime: $endTime) { ...PayrollRowFields }
    history: payroll(startTime: $historyStart, endTime: $endTime) { ...PayrollRowFields }
  }
`);

export const ITEMIZED_PAYROLL = graphql(`
  query ItemizedPayroll($speakerId: ID!, $startTime: DateTime!, $endTime: DateTime!) {
    itemizedPayroll(speakerId: $speakerId, startTime: $startTime, endTime: $endTime) { time kind minutes rate amount attachmentId adjustsMonth }
  }
`);

// A month's fields, spread by name below.
graphql(`
  fragment PayrollMonthFields on PayrollMonth {
    month closed closedAt closedBy { id displayName emailAddress } totalPay speakerCount
    adjustments { speaker { id givenName surname } fromMonth toMonth amount }
    history { kind at by { id displayName emailAddress } reason totalPay }
  }
`);

export const PAYROLL_MONTH = graphql(`
  query PayrollMonth($month: String!) { payrollMonth(month: $month) { ...PayrollMonthFields } }
`);

export const CLOSE_PAYROLL_MONTH = graphql(`
  mutation ClosePayrollMonth($month: String!) { closePayrollMonth(input: { month: $month }) { payrollMonth { ...PayrollMonthFields } } }
`);

export const REOPEN_PAYROLL_MONTH = graphql(`
  mutation ReopenPayrollMonth($month: String!, $reason: String!) { reopenPayrollMonth(input: { month: $month, reason: $reason }) { payrollMonth { ...PayrollMonthFields } } }
`);

/** The admin's payroll rows resource (a document built at run time) reads the same fields. */
export const PAYROLL_ROW_NODE = PAYROLL_ROW_FIELDS;
