import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';

/** The spec's acknowledgements (contracts/enrollment.ts AGREEMENT_TEXTS), in the page's language. */
const AGREEMENTS = ['enrollment.agreement.age', 'enrollment.agreement.inactive'] as const;

/** The acknowledgement the student ticks before enrolling (spec 1, section 5). */
export function Agreement({ agreed, onChange }: { agreed: boolean; onChange(agreed: boolean): void }) {
  const t = useT();
  return (
    <>
      <Typography variant="body2" gutterBottom>
        {t('enrollment.agreement.intro')}
      </Typography>
      <List dense sx={{ listStyle: 'disc', pl: 3 }}>
        {AGREEMENTS.map((id) => (
          <ListItem key={id} sx={{ display: 'list-item', py: 0 }}>
            {t(id)}
          </ListItem>
        ))}
      </List>
      <FormControlLabel
        control={<Checkbox checked={agreed} onChange={(e) => onChange(e.target.checked)} />}
        label={t('enrollment.agreement.agree')}
      />
    </>
  );
}
