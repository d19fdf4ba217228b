/**
 * Settings form fields that suggest from the server's lookups (spec 3, Lookups): the time zone from
 * `timezones` (a choice from the list), the country from `lookupCountries(query)` and the school
 * from `lookupSchools(query)` (free text: the lists only suggest, the rules are the shared ones).
 * Each is a labelled combobox, reachable and usable by keyboard, validated on blur by the form.
 */
import { useQuery } from '@apollo/client';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { LOOKUP_COUNTRIES, LOOKUP_SCHOOLS, TIMEZONES } from './operations';
import { useT } from '../i18n/useT';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  inputRef?: React.Ref<HTMLInputElement>;
  error?: string;
  helperText?: string;
  required?: boolean;
  autoComplete?: string;
}

/** The typed text, settled for a moment before it is looked up. */
function useSettled(text: string, ms = 250) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** A free-text field with suggestions from a lookup query. */
function SuggestingField({
  options,
  loading,
  query,
  setQuery,
  ...props
}: FieldProps & { options: string[]; loading: boolean; query: string; setQuery(q: string): void }) {
  const [open, setOpen] = useState(false);
  return (
    <Autocomplete
      freeSolo
      id={props.id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      // Enter with the suggestions open picks one (or keeps the text), never submits the form.
      onKeyDown={(event) => {
        if (event.key === 'Enter' && open) event.preventDefault();
      }}
      options={options}
      loading={loading}
      filterOptions={(o) => o}
      value={props.value}
      inputValue={query}
      onInputChange={(_e, text) => {
        setQuery(text);
        props.onChange(text);
      }}
      onChange={(_e, value) => props.onChange(typeof value === 'string' ? value : '')}
      onBlur={props.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={props.inputRef}
          label={props.label}
          required={props.required}
          error={!!props.error}
          helperText={props.error ?? props.helperText}
          slotProps={{ htmlInput: { ...params.inputProps, autoComplete: props.autoComplete ?? 'off' } }}
        />
      )}
    />
  );
}

export function CountryField(props: FieldProps) {
  const [query, setQuery] = useState(props.value);
  useEffect(() => setQuery(props.value), [props.value]);
  const settled = useSettled(query);
  const { data, previousData, loading } = useQuery(LOOKUP_COUNTRIES, { variables: { query: settled.slice(0, 50) } });
  // The last answer stays while the next loads, so the list (and a highlighted suggestion) does not flicker away.
  const options = useMemo(() => ((data ?? previousData)?.lookupCountries ?? []).map((c) => c.name), [data, previousData]);
  return (
    <SuggestingField
      {...props}
      options={options}
      loading={loading}
      query={query}
      setQuery={setQuery}
      autoComplete={props.autoComplete ?? 'country-name'}
    />
  );
}

export function SchoolField(props: FieldProps) {
  const [query, setQuery] = useState(props.value);
  useEffect(() => setQuery(props.value), [props.value]);
  const settled = useSettled(query);
  const { data, previousData, loading } = useQuery(LOOKUP_SCHOOLS, { variables: { query: settled.slice(0, 120) } });
  const options = useMemo(() => ((data ?? previousData)?.lookupSchools ?? []).map((s) => s.name), [data, previousData]);
  return (
    <SuggestingField
      {...props}
      options={options}
      loading={loading}
      query={query}
      setQuery={setQuery}
      autoComplete={props.autoComplete ?? 'organization'}
    />
  );
}

/** A choice from the server's zones, shown as '(GMT-05:00) America/New York'. */
export function TimeZoneField(props: FieldProps) {
  const t = useT();
  const { data, loading } = useQuery(TIMEZONES);
  const zones = data?.timezones ?? [];
  const byId = useMemo(() => new Map(zones.map((z) => [z.identifier, z])), [zones]);
  const value = props.value ? (byId.get(props.value) ?? { identifier: props.value, friendlyIdentifier: props.value }) : null;
  return (
    <Autocomplete
      id={props.id}
      options={zones}
      loading={loading}
      value={value}
      getOptionLabel={(z) => z.friendlyIdentifier}
      isOptionEqualToValue={(a, b) => a.identifier === b.identifier}
      onChange={(_e, z) => props.onChange(z?.identifier ?? '')}
      onBlur={props.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={props.inputRef}
          label={props.label}
          required={props.required}
          error={!!props.error}
          helperText={props.error ?? props.helperText ?? t('profile.timeZoneHelp')}
        />
      )}
    />
  );
}
