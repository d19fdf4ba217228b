import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { enrollmentMinutes } from '../../../../contracts/enrollment';
import { Message } from '../../i18n/Message';
import { useT } from '../../i18n/useT';
import type { CodeWorth as Worth } from '../../machines/courseEnrollmentMachine';

/**
 * Before a code is redeemed: what it gives against what the course needs, and the choice to redeem
 * it or go back (docs/decisions/enrollment-and-payments.md: a code grants its own minutes, whatever the course).
 */
export function CodeWorth({
  worth,
  course,
  busy,
  onConfirm,
  onBack,
}: {
  worth: Worth;
  course: { name: string; completionRequirement: number; durationRequirement: number };
  busy: boolean;
  onConfirm(): void;
  onBack(): void;
}) {
  const t = useT();
  const needed = enrollmentMinutes(course);
  const short = worth.minuteQuantity < needed;
  const gives = {
    codeMinutes: worth.minuteQuantity,
    needed,
    conversations: course.completionRequirement,
    minutes: course.durationRequirement,
  };
  return (
    <Stack spacing={2} data-testid="code-worth">
      <Typography>
        <Message
          id="enrollment.codeWorth.pays"
          values={{
            code: `${worth.value.slice(0, 5)} ${worth.value.slice(5)}`,
            count: worth.quantity,
            minutes: worth.duration,
            course: course.name,
          }}
          tags={{ b: (words) => <strong>{words}</strong> }}
        />
      </Typography>
      <Alert severity={short ? 'warning' : 'info'} data-testid="code-worth-text">
        {worth.minuteQuantity === needed
          ? t('enrollment.codeWorth.exact', gives)
          : t(short ? 'enrollment.codeWorth.short' : 'enrollment.codeWorth.more', {
              ...gives,
              difference: Math.abs(needed - worth.minuteQuantity),
            })}
      </Alert>
      <Typography variant="body2" color="text.secondary">
        {t(short ? 'enrollment.codeWorth.usesUpShort' : 'enrollment.codeWorth.usesUp')}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" disabled={busy} onClick={onConfirm}>
          {t(busy ? 'enrollment.codeWorth.redeeming' : 'enrollment.codeWorth.redeem')}
        </Button>
        <Button disabled={busy} onClick={onBack}>
          {t('enrollment.codeWorth.back')}
        </Button>
      </Stack>
    </Stack>
  );
}
