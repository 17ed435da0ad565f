import { useState } from 'react';
import { Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useNavigate } from 'react-router';

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
          <TextField select size="small" label="Type" value={kind} onChange={(e) => setKind(e.target.value as 'post' | 'newsletter')} sx={{ minWidth: 160 }}>
            <MenuItem value="post">Post</MenuItem>
            <MenuItem value="newsletter">Newsletter</MenuItem>
          </TextField>
          <Button variant="contained" onClick={() => void navigate(`/create/${kind}`)}>
            {kind === 'newsletter' ? 'Submit a newsletter' : 'Share something'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
