/** Fields shared by the back-office's tables. */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { displayRole, type Role } from '../../../../contracts/roles';
import { useT } from '../../i18n/useT';
import { useAdminTime } from '../zone';

const get = (record: any, path: string) => path.split('.').reduce((v, k) => (v == null ? v : v[k]), record);

/** A time in the admin's time zone ('—' when missing). */
export function TimeField({ source }: { source: string; label?: string; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext();
  const format = useAdminTime();
  // '1 Jan 2025, 03:00 GMT-5' may break after the date, never inside it or the time: a table of
  // several times still fits beside the sidebar on a 1280 px laptop.
  const [date, ...time] = format(record ? get(record, source) : null).split(', ');
  return (
    <Typography component="span" variant="body2">
      <span style={{ whiteSpace: 'nowrap' }}>{time.length ? `${date},` : date}</span>
      {time.length > 0 && (
        <>
          {' '}
          <span style={{ whiteSpace: 'nowrap' }}>{time.join(', ')}</span>
        </>
      )}
    </Typography>
  );
}

/** Plain text from a path, with a placeholder for missing values. */
export function TextValue({
  source,
  empty = '—',
}: {
  source: string;
  empty?: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
}) {
  const record = useRecordContext();
  const value = record ? get(record, source) : null;
  return (
    <Typography
      component="span"
      variant="body2"
      color={value == null || value === '' ? 'text.secondary' : undefined}
      sx={value == null || value === '' ? { whiteSpace: 'nowrap' } : undefined}
    >
      {value == null || value === '' ? empty : String(value)}
    </Typography>
  );
}

/** Roles as chips, the ONBOARDING_ prefix stripped and said in words (spec 3, Account). */
export function RoleChips({ roles }: { roles: readonly string[] }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {roles.map((role) => (
        <Chip
          key={role}
          size="small"
          label={
            role.startsWith('ONBOARDING_')
              ? t('admin.roles.onboarding', { role: t('admin.roles.code', { role: displayRole(role as Role) }) })
              : t('admin.roles.code', { role: displayRole(role as Role) })
          }
          variant={role.startsWith('ONBOARDING_') ? 'outlined' : 'filled'}
        />
      ))}
    </Stack>
  );
}

export function RolesField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return <RoleChips roles={(record ? get(record, source) : null) ?? []} />;
}
