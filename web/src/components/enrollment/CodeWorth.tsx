import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { codeWorthText, enrollmentMinutes } from '../../../../contracts/enrollment';
import type { CodeWorth as Worth } from '../../machines/courseEnrollmentMachine';
import { countOf } from '../../lib/plural';

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
  const short = worth.minuteQuantity < enrollmentMinutes(course);
  return (
    <Stack spacing={2} data-testid="code-worth">
      <Typography>
        Code{' '}
        <strong>
          {worth.value.slice(0, 5)} {worth.value.slice(5)}
        </strong>{' '}
        pays for {countOf(worth.quantity, 'conversation')} of {worth.duration} minutes in {course.name}.
      </Typography>
      <Alert severity={short ? 'warning' : 'info'} data-testid="code-worth-text">
        {codeWorthText(worth.minuteQuantity, course)}
      </Alert>
      <Typography variant="body2" color="text.secondary">
        Redeeming uses the code up. {short ? 'If it is not the code you expected, go back and enter another one, or pay by card.' : ''}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" disabled={busy} onClick={onConfirm}>
          {busy ? 'Redeeming…' : 'Redeem code'}
        </Button>
        <Button disabled={busy} onClick={onBack}>
          Back
        </Button>
      </Stack>
    </Stack>
  );
}
