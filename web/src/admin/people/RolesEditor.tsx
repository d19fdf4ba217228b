/**
 * Roles, as two lists (spec 3, Admin role edit): Unassigned and Assigned. Roles move between them
 * and the change is applied on Save. ADMINISTRATOR is shown but never editable here; adding a role
 * starts its onboarding again.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { ADMIN_EDITABLE_ROLES, baseRole, type BaseRole, type Role } from '../../../../contracts/roles';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import type { AdminDataProvider } from '../dataProvider';

/** The role as the spec names it in English ('ADMINISTRATOR'), a word in the other languages (`admin.roles.code`). */
const NAMES: Record<BaseRole, string> = { ADMIN: 'ADMINISTRATOR', STUDENT: 'STUDENT', INSTRUCTOR: 'INSTRUCTOR', SPEAKER: 'SPEAKER' };

/** What the lists start from: the editable base roles the account holds. */
export function assignedEditable(roles: readonly string[]): BaseRole[] {
  const held = new Set(roles.map((r) => baseRole(r as Role)));
  return ADMIN_EDITABLE_ROLES.filter((r) => held.has(r));
}

export function RolesEditor({ accountId, roles, onChanged }: { accountId: string; roles: readonly string[]; onChanged(): void }) {
  const t = useT();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const rolesKey = roles.join(',');
  const original = useMemo(() => assignedEditable(rolesKey.split(',')), [rolesKey]);
  const [assigned, setAssigned] = useState<BaseRole[]>(original);
  useEffect(() => setAssigned(original), [original]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isAdmin = roles.includes('ADMIN');
  const unassigned = ADMIN_EDITABLE_ROLES.filter((r) => !assigned.includes(r));
  const add = assigned.filter((r) => !original.includes(r));
  const remove = original.filter((r) => !assigned.includes(r));
  const onboarding = (r: BaseRole) => roles.includes(`ONBOARDING_${r}`);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await dataProvider.changeRoles({ accountId, add, remove });
      notifySuccess(t('admin.roles.updated'));
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const column = (title: string, items: BaseRole[], action: 'assign' | 'unassign', extra?: ReactNode) => {
    const assigns = action === 'assign';
    return (
      <Paper variant="outlined" component="section" aria-labelledby={`roles-${action}`} sx={{ height: '100%' }}>
        <Typography id={`roles-${action}`} variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5 }}>
          {title}
        </Typography>
        <List dense aria-label={title}>
          {items.map((r) => (
            <ListItem
              key={r}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t(assigns ? 'admin.roles.assign' : 'admin.roles.unassign', {
                    role: t('admin.roles.code', { role: NAMES[r] }),
                  })}
                  onClick={() => setAssigned(assigns ? [...assigned, r] : assigned.filter((x) => x !== r))}
                >
                  {assigns ? <ArrowForwardIcon /> : <ArrowBackIcon />}
                </IconButton>
              }
            >
              <ListItemText
                primary={t('admin.roles.code', { role: NAMES[r] })}
                secondary={
                  !assigns && onboarding(r) && original.includes(r)
                    ? t('admin.roles.inOnboarding')
                    : add.includes(r)
                      ? t('admin.roles.willOnboard')
                      : null
                }
              />
            </ListItem>
          ))}
          {extra}
          {!items.length && !extra && (
            <ListItem>
              <ListItemText secondary={t('admin.common.none')} />
            </ListItem>
          )}
        </List>
      </Paper>
    );
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="roles-title">
      <CardContent>
        <Typography id="roles-title" variant="h6" component="h2" gutterBottom>
          {t('admin.roles.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('admin.roles.help')}
        </Typography>
        <Grid container spacing={2} sx={{ mb: 2, maxWidth: 720 }}>
          <Grid size={{ xs: 12, sm: 6 }}>{column(t('admin.roles.unassigned'), unassigned, 'assign')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {column(
              t('admin.roles.assigned'),
              assigned,
              'unassign',
              isAdmin ? (
                <ListItem secondaryAction={<LockIcon color="disabled" aria-hidden />}>
                  <ListItemText primary={t('admin.roles.code', { role: NAMES.ADMIN })} secondary={t('admin.roles.locked')} />
                </ListItem>
              ) : undefined,
            )}
          </Grid>
        </Grid>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => void save()} disabled={saving || (!add.length && !remove.length)}>
            {t(saving ? 'admin.common.saving' : 'admin.common.save')}
          </Button>
          <Button onClick={() => setAssigned(original)} disabled={saving || (!add.length && !remove.length)}>
            {t('admin.roles.undo')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
