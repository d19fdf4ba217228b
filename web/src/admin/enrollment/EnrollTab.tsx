/**
 * /admin/students/:id/enroll (spec 3): an administrator enrolls the student in a course with a
 * standard price agreement, by invite number, without a card; optionally with a redemption code or
 * extra conversations. Success: 'The student was enrolled successfully!'.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { EXTRA_CONVERSATION_CHOICES } from '../../../../contracts/enrollment';
import { languageName } from '../../lib/languageName';
import {
  adminRedemptionCodeError,
  inviteNumberError,
  normalizeInviteNumber,
  normalizeRedemptionCode,
} from '../../../../contracts/validation/enrollment';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { priceOrContactSales } from '../../lib/money';
import type { AdminDataProvider } from '../dataProvider';

export function EnrollTab({ person, onChanged }: { person: { id: string; emailAddress: string }; onChanged(): void }) {
  const t = useT();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [invite, setInvite] = useState('');
  const [course, setCourse] = useState<any | null>(null);
  const [extra, setExtra] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function find(event: React.FormEvent) {
    event.preventDefault();
    const error = inviteNumberError(invite);
    setProblem(error);
    setCourse(null);
    if (error) return;
    setBusy(true);
    try {
      setCourse(await dataProvider.enrollingCourse({ inviteNumber: normalizeInviteNumber(invite) }));
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function enroll() {
    // The admin's rule (spec 3, section 5): 4+4 or 5+5 word characters, said beside the field.
    const codeProblem = adminRedemptionCodeError(code);
    setCodeError(codeProblem);
    if (codeProblem) return;
    setBusy(true);
    setProblem(null);
    try {
      await dataProvider.enrollUser({
        inviteNumber: course.inviteNumber,
        userId: person.id,
        code: code.trim() ? normalizeRedemptionCode(code) : null,
        extraConversations: extra || null,
      });
      notifySuccess(t('admin.enroll.enrolled'));
      setCourse(null);
      setInvite('');
      setCode('');
      setExtra(0);
      onChanged();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const standard = course?.priceAgreement.kind === 'standard';
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Stack component="form" direction="row" spacing={1} alignItems="flex-start" onSubmit={find} aria-label={t('admin.enroll.find')}>
        <TextField
          size="small"
          label={t('admin.enroll.inviteNumber')}
          placeholder="123-456"
          value={invite}
          onChange={(e) => setInvite(e.target.value)}
        />
        <Button type="submit" variant="outlined" disabled={busy}>
          {t('admin.enroll.findButton')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {course && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              {course.name}
            </Typography>
            <Typography color="text.secondary" gutterBottom>
              {t('admin.enroll.facts', {
                language: languageName(course.language),
                level: t('course.level', { level: course.proficiency }),
                count: course.completionRequirement,
                minutes: course.durationRequirement,
                kind: t('course.agreement', { kind: course.priceAgreement.kind }),
                price: priceOrContactSales(course.prices?.totalPrice),
              })}
            </Typography>
            {!standard ? (
              <Alert severity="warning">{t('admin.enroll.onlyStandard')}</Alert>
            ) : (
              <Stack spacing={2} sx={{ mt: 1 }}>
                <TextField
                  select
                  size="small"
                  label={t('admin.enroll.extra')}
                  value={extra}
                  onChange={(e) => setExtra(Number(e.target.value))}
                  sx={{ maxWidth: 220 }}
                >
                  {EXTRA_CONVERSATION_CHOICES.map((n) => (
                    <MenuItem key={n} value={n}>
                      {n === 0 ? t('admin.common.none') : n}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label={t('admin.enroll.code')}
                  value={code}
                  onChange={(e) => {
                    setCode(e.target.value);
                    if (codeError) setCodeError(adminRedemptionCodeError(e.target.value));
                  }}
                  onBlur={() => setCodeError(adminRedemptionCodeError(code))}
                  error={!!codeError}
                  helperText={codeError ?? ' '}
                  slotProps={{ htmlInput: { maxLength: 20 } }}
                  sx={{ maxWidth: 320 }}
                />
                <Button variant="contained" onClick={() => void enroll()} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
                  {t('admin.enroll.enroll', { email: person.emailAddress })}
                </Button>
              </Stack>
            )}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
