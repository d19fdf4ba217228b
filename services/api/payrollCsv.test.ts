/** Payroll CSV content: dollars, quoting, and names a spreadsheet would run as formulas. */
import assert from 'node:assert/strict';
import { it } from 'vitest';
import { itemizedCsv, summaryCsv } from './payrollCsv';

const names = new Map([['s1', { givenName: '=HYPERLINK("x")', surname: 'Pérez, Jr.' }]]);

it('writes the month summary in dollars, quoting commas and defusing formulas', () => {
  const text = summaryCsv(
    [
      {
        speakerId: 's1',
        month: '2026-10',
        conversationPayMinutes: 45,
        conversationPayRate: 1500,
        conversationPayAmount: 1125,
        idlePayMinutes: 12,
        idlePayRate: 1500,
        idlePayAmount: 300,
        adjustmentAmount: -300,
        totalPay: 1125,
        closed: true,
      },
    ],
    names,
  );
  const [header, row] = text.trimEnd().split('\r\n');
  assert.equal(
    header,
    '"Month","Speaker ID","Given name","Surname","Conversation minutes","Conversation rate ($/h)","Conversation pay ($)","Idle minutes","Idle rate ($/h)","Idle pay ($)","Adjustments ($)","Total pay ($)","Closed"',
  );
  assert.equal(row, `2026-10,s1,"'=HYPERLINK(""x"")","Pérez, Jr.",45,15.00,11.25,12,15.00,3.00,-3.00,11.25,yes`);
});

it('writes itemized lines with New York times and the month an adjustment corrects', () => {
  const text = itemizedCsv(
    [
      {
        speakerId: 's1',
        month: '2026-11',
        kind: 'adjustment',
        time: new Date('2026-11-01T04:00:00Z'),
        minutes: 0,
        rate: 0,
        amount: -300,
        conversationId: null,
        adjustsMonth: '2026-10',
      },
      {
        speakerId: 's1',
        month: '2026-11',
        kind: 'conversation',
        time: new Date('2026-11-02T15:00:00Z'),
        minutes: 15,
        rate: 1500,
        amount: 375,
        conversationId: 'c1',
        adjustsMonth: null,
      },
    ],
    names,
  );
  assert.deepEqual(text.trimEnd().split('\r\n').slice(1), [
    `s1,"'=HYPERLINK(""x"")","Pérez, Jr.",2026-11-01T00:00:00-04:00,adjustment,0,0.00,-3.00,,2026-10`,
    `s1,"'=HYPERLINK(""x"")","Pérez, Jr.",2026-11-02T10:00:00-05:00,conversation,15,15.00,3.75,c1,`,
  ]);
});

it('quotes every name and defuses a formula after any separator, for spreadsheets that split on ; or tabs (issue 27)', () => {
  const hostile = new Map([
    ['s1', { givenName: 'Ruiz;=1+1', surname: 'Plain' }],
    ['s2', { givenName: 'A\t+SUM(1)', surname: 'x,@cmd|-2' }],
  ]);
  const row = (speakerId: string) => ({
    speakerId,
    month: '2026-10',
    conversationPayMinutes: 0,
    conversationPayRate: 0,
    conversationPayAmount: 0,
    idlePayMinutes: 0,
    idlePayRate: 0,
    idlePayAmount: 0,
    adjustmentAmount: 0,
    totalPay: 0,
    closed: false,
  });
  const lines = summaryCsv([row('s1'), row('s2')], hostile)
    .trimEnd()
    .split('\r\n');
  assert.equal(lines[1], `2026-10,s1,"Ruiz;'=1+1","Plain",0,0.00,0.00,0,0.00,0.00,0.00,0.00,no`);
  assert.equal(lines[2], `2026-10,s2,"A\t'+SUM(1)","x,'@cmd|'-2",0,0.00,0.00,0,0.00,0.00,0.00,0.00,no`);
  // Split as a ';' or tab spreadsheet would: no piece starts a formula.
  for (const piece of lines.join('\n').split(/[;\t,|\n]/)) assert.doesNotMatch(piece.replace(/^"/, ''), /^[=+\-@]/, piece);
});
