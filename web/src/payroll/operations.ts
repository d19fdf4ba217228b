/** Payroll calls (spec 3, section 7: payroll and itemizedPayroll by month range, uncached; the admin's closing). */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PayrollLineKind } from '../lib/graphql-types';

export interface PayrollRowData {
  id: string;
  month: string;
  speaker: { id: string; givenName: string | null; surname: string | null } | null;
  conversationPayMinutes: number;
  conversationPayRate: number;
  conversationPayAmount: number;
  idlePayMinutes: number;
  idlePayRate: number;
  idlePayAmount: number;
  adjustmentAmount: number;
  totalPay: number;
  closed: boolean;
}

export interface PayrollLineData {
  time: string;
  kind: PayrollLineKind;
  minutes: number;
  rate: number;
  amount: number;
  attachmentId: string | null;
  adjustsMonth: string | null;
}

const ROW = `id month speaker { id givenName surname } conversationPayMinutes conversationPayRate conversationPayAmount
  idlePayMinutes idlePayRate idlePayAmount adjustmentAmount totalPay closed`;

export const SPEAKER_PAYROLL: TypedDocumentNode<
  { me: { id: string; tzIdentifier: string | null } | null; month: PayrollRowData[]; history: PayrollRowData[] },
  { startTime: string; endTime: string; historyStart: string }
> = gql`
  query SpeakerPayroll($startTime: DateTime!, $endTime: DateTime!, $historyStart: DateTime!) {
    me { id tzIdentifier }
    month: payroll(startTime: $startTime, endTime: $endTime) { ${ROW} }
    history: payroll(startTime: $historyStart, endTime: $endTime) { ${ROW} }
  }
`;

export const ITEMIZED_PAYROLL: TypedDocumentNode<
  { itemizedPayroll: PayrollLineData[] },
  { speakerId: string; startTime: string; endTime: string }
> = gql`
  query ItemizedPayroll($speakerId: ID!, $startTime: DateTime!, $endTime: DateTime!) {
    itemizedPayroll(speakerId: $speakerId, startTime: $startTime, endTime: $endTime) { time kind minutes rate amount attachmentId adjustsMonth }
  }
`;

export interface PayrollMonthData {
  month: string;
  closed: boolean;
  closedAt: string | null;
  closedBy: { id: string; displayName: string | null; emailAddress: string | null } | null;
  totalPay: number;
  speakerCount: number;
  adjustments: {
    speaker: { id: string; givenName: string | null; surname: string | null } | null;
    fromMonth: string;
    toMonth: string;
    amount: number;
  }[];
  history: {
    kind: string;
    at: string;
    by: { id: string; displayName: string | null; emailAddress: string | null } | null;
    reason: string | null;
    totalPay: number;
  }[];
}

const MONTH = `month closed closedAt closedBy { id displayName emailAddress } totalPay speakerCount
  adjustments { speaker { id givenName surname } fromMonth toMonth amount }
  history { kind at by { id displayName emailAddress } reason totalPay }`;

export const PAYROLL_MONTH: TypedDocumentNode<{ payrollMonth: PayrollMonthData }, { month: string }> = gql`
  query PayrollMonth($month: String!) { payrollMonth(month: $month) { ${MONTH} } }
`;

export const CLOSE_PAYROLL_MONTH: TypedDocumentNode<{ closePayrollMonth: { payrollMonth: PayrollMonthData } }, { month: string }> = gql`
  mutation ClosePayrollMonth($month: String!) { closePayrollMonth(input: { month: $month }) { payrollMonth { ${MONTH} } } }
`;

export const REOPEN_PAYROLL_MONTH: TypedDocumentNode<
  { reopenPayrollMonth: { payrollMonth: PayrollMonthData } },
  { month: string; reason: string }
> = gql`
  mutation ReopenPayrollMonth($month: String!, $reason: String!) { reopenPayrollMonth(input: { month: $month, reason: $reason }) { payrollMonth { ${MONTH} } } }
`;

export const PAYROLL_ROW_NODE = ROW;
