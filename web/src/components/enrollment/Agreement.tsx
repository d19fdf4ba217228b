import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { AGREEMENT_TEXTS } from '../../../../contracts/enrollment';

/** The acknowledgement the student ticks before enrolling (spec 1, section 5). */
export function Agreement({ agreed, onChange }: { agreed: boolean; onChange(agreed: boolean): void }) {
  return (
    <>
      <Typography variant="body2" gutterBottom>
        Before you continue, please read and acknowledge:
      </Typography>
      <List dense sx={{ listStyle: 'disc', pl: 3 }}>
        {AGREEMENT_TEXTS.map((text) => (
          <ListItem key={text} sx={{ display: 'list-item', py: 0 }}>
            {text}
          </ListItem>
        ))}
      </List>
      <FormControlLabel
        control={<Checkbox checked={agreed} onChange={(e) => onChange(e.target.checked)} />}
        label="I have read and agree to the above."
      />
    </>
  );
}
