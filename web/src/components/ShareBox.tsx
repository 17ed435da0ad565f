import { useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import SelectField from './forms/SelectField';

const KINDS = [
  { value: 'post', label: 'Post' },
  { value: 'newsletter', label: 'Newsletter' },
];

/** The home page's 'Share Something' box: choose Post or Newsletter, then the create modal route opens. */
export default function ShareBox() {
  const [kind, setKind] = useState<'post' | 'newsletter'>('post');
  const navigate = useNavigate();
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, maxWidth: 720, mx: 'auto', my: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          Share Something
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <SelectField label="Type" value={kind} options={KINDS} onChange={(next) => setKind(next as 'post' | 'newsletter')} sx={{ minWidth: 160 }} />
          <Button variant="contained" onClick={() => void navigate(`/create/${kind}`)}>
            {kind === 'newsletter' ? 'Submit a newsletter' : 'Share something'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
