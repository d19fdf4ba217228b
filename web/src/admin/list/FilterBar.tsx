/**
 * A table's filters, as the data grid's filter items (field, operator, value): the current ones as
 * removable chips and a small form to add one. Operators offered depend on the column's kind; the
 * data provider maps them to the server's predicates.
 */
import AddIcon from '@mui/icons-material/FilterAlt';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { TableFilterItem } from '../dataProvider/mapping';
import { useAdminSelf } from '../zone';
import type { MessageId } from '../../i18n/catalog';
import { type Translate, useT } from '../../i18n/useT';
import { instantOfLocalTime, userZone } from '../../lib/time';

export type FilterKind = 'text' | 'number' | 'date' | 'choice';

export interface FilterField {
  source: string;
  label: string;
  kind: FilterKind;
  choices?: { id: string; name: string }[];
}

/** An operator's name: a message, or a sign said the same in every language. */
type OperatorName = { message: MessageId } | { sign: string };

const OPERATORS: Record<FilterKind, { id: string; name: OperatorName }[]> = {
  text: [
    { id: 'contains', name: { message: 'admin.filter.op.contains' } },
    { id: 'equals', name: { message: 'admin.filter.op.equals' } },
    { id: 'startsWith', name: { message: 'admin.filter.op.startsWith' } },
    { id: 'endsWith', name: { message: 'admin.filter.op.endsWith' } },
    { id: 'is', name: { message: 'admin.filter.op.isExactly' } },
    { id: 'not', name: { message: 'admin.filter.op.isNot' } },
  ],
  number: [
    { id: '=', name: { sign: '=' } },
    { id: '!=', name: { sign: '≠' } },
    { id: '>', name: { sign: '>' } },
    { id: '>=', name: { sign: '≥' } },
    { id: '<', name: { sign: '<' } },
    { id: '<=', name: { sign: '≤' } },
  ],
  date: [
    { id: 'after', name: { message: 'admin.filter.op.after' } },
    { id: 'onOrAfter', name: { message: 'admin.filter.op.onOrAfter' } },
    { id: 'before', name: { message: 'admin.filter.op.before' } },
    { id: 'onOrBefore', name: { message: 'admin.filter.op.onOrBefore' } },
  ],
  choice: [
    { id: 'is', name: { message: 'admin.filter.op.is' } },
    { id: 'not', name: { message: 'admin.filter.op.isNot' } },
  ],
};

const operatorName = (name: OperatorName, t: Translate) => ('sign' in name ? name.sign : t(name.message));

function describeFilter(item: TableFilterItem, fields: FilterField[], format: (iso: string) => string, t: Translate): string {
  const field = fields.find((f) => f.source === item.field);
  const name = field && OPERATORS[field.kind].find((o) => o.id === item.operator)?.name;
  const operator = name ? operatorName(name, t) : item.operator;
  const value =
    field?.kind === 'date'
      ? format(String(item.value))
      : field?.kind === 'choice'
        ? (field.choices?.find((c) => c.id === item.value)?.name ?? String(item.value))
        : String(item.value);
  return t('admin.filter.chip', { field: field?.label ?? item.field, operator, value });
}

/** A filter is what it asks for: the same field, operator and value twice would filter nothing more. */
const filterKey = (item: TableFilterItem) => JSON.stringify([item.field, item.operator, item.value]);

export function FilterBar({
  fields,
  items,
  onChange,
  format,
}: {
  fields: FilterField[];
  items: TableFilterItem[];
  onChange(items: TableFilterItem[]): void;
  format: (iso: string) => string;
}) {
  const t = useT();
  const zone = userZone(useAdminSelf().tzIdentifier);
  const [field, setField] = useState(fields[0]?.source ?? '');
  const current = fields.find((f) => f.source === field) ?? fields[0];
  const [operator, setOperator] = useState(OPERATORS[current?.kind ?? 'text'][0].id);
  const [value, setValue] = useState('');
  if (!current) return null;

  const chooseField = (source: string) => {
    const next = fields.find((f) => f.source === source)!;
    setField(source);
    setOperator(OPERATORS[next.kind][0].id);
    setValue('');
  };
  const chooses = current.kind === 'choice';
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    const stored = current.kind === 'date' ? instantOfLocalTime(value, zone) : value.trim();
    const item = { field: current.source, operator, value: stored };
    if (!items.some((i) => filterKey(i) === filterKey(item))) onChange([...items, item]);
    setValue('');
  };

  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack
        component="form"
        onSubmit={add}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        alignItems={{ sm: 'center' }}
        aria-label={t('admin.filter.add')}
      >
        <TextField
          select
          size="small"
          label={t('admin.filter.column')}
          value={current.source}
          onChange={(e) => chooseField(e.target.value)}
          sx={{ minWidth: 170 }}
        >
          {fields.map((f) => (
            <MenuItem key={f.source} value={f.source}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('admin.filter.operator')}
          value={operator}
          onChange={(e) => setOperator(e.target.value)}
          sx={{ minWidth: 140 }}
        >
          {OPERATORS[current.kind].map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {operatorName(o.name, t)}
            </MenuItem>
          ))}
        </TextField>
        {chooses ? (
          <TextField
            select
            size="small"
            label={t('admin.filter.value')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            sx={{ minWidth: 170 }}
          >
            {(current.choices ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            size="small"
            label={t('admin.filter.value')}
            value={value}
            type={current.kind === 'number' ? 'number' : current.kind === 'date' ? 'datetime-local' : 'text'}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ inputLabel: current.kind === 'date' ? { shrink: true } : undefined }}
          />
        )}
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={!value.trim()}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('admin.filter.addButton')}
        </Button>
      </Stack>
      {items.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" aria-label={t('admin.filter.filters')}>
          {items.map((item) => (
            <Chip
              key={filterKey(item)}
              label={describeFilter(item, fields, format, t)}
              onDelete={() => onChange(items.filter((i) => i !== item))}
            />
          ))}
          <Button size="small" onClick={() => onChange([])}>
            {t('admin.filter.clear')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
