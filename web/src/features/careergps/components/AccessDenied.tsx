import { Alert, AlertTitle, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export interface Denial {
  code: string | null;
  message: string;
}

/** The 403s of an agent step (spec 002 §5 "Access rules"), each with its way forward. */
export default function AccessDenied({ denial }: { denial: Denial }) {
  switch (denial.code) {
    case 'USAGE_LIMIT_REACHED':
      return (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/membership">
              Hire CareerGPS
            </Button>
          }
        >
          <AlertTitle>Get more from CareerGPS with premium</AlertTitle>
          {denial.message}
        </Alert>
      );
    case 'NO_PREMIUM_SUBSCRIPTION':
      return (
        <Card variant="outlined">
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              Upgrade to premium
            </Typography>
            <Typography>{denial.message}</Typography>
          </CardContent>
          <CardActions>
            <Button variant="contained" component={RouterLink} to="/membership">
              Upgrade
            </Button>
          </CardActions>
        </Card>
      );
    case 'PROFILE_INCOMPLETE':
      return (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/profile">
              Complete profile
            </Button>
          }
        >
          {denial.message}
        </Alert>
      );
    default:
      return <Alert severity="error">{denial.message}</Alert>;
  }
}
