import { lazy, Suspense, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  IconButton,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ChatIcon, CloseIcon } from '../../../components/icons';
import { useIdentity } from '../../../lib/auth/identity';
import { useAppConfig } from '../../../lib/config/appConfig';
import { getPortal } from '../../../lib/session';
import LazyTooltip from '../../../components/LazyTooltip';
import StepNumber from '../../../components/StepNumber';
import { visuallyHidden } from '../../../components/visuallyHidden';
import AgentCards from '../components/AgentCards';
import { HOME_STEPS, HOME_TITLE, homeTabs, TAB_LABELS, type HomeStep, type HomeTab } from '../home';

// The AMA chat for the small-screen toggle; the right panel shows it from the lg breakpoint.
const AssistantChat = lazy(() => import('../../../components/assistant/AssistantChat'));

// Career path step 2's dialog: its code (checkboxes, the dialog) loads when the pointer or the
// focus reaches its button, at the latest when it first opens; it stays mounted from then on.
const loadFocusAreasDialog = () => import('../components/FocusAreasDialog');
const FocusAreasDialog = lazy(loadFocusAreasDialog);
const preloadFocusAreasDialog = () => {
  loadFocusAreasDialog().catch(() => undefined);
};

/** /careergps and /agent: the CareerGPS home with its own page heading. */
export default function CareerGpsHomePage() {
  return <CareerGpsHome headingLevel="h1" />;
}

/**
 * Home (/): under the landing hero for guests (whose page heading the hero is), as the page
 * itself for members.
 */
export function HomeIndexPage() {
  const { signedIn } = useIdentity();
  return <CareerGpsHome headingLevel={signedIn ? 'h1' : 'h2'} />;
}

/**
 * The CareerGPS home (spec 002 §2): 'Unlock Your Career Potential with AI', the tabs in the order
 * of the stored focus area or `ui.primary_focus`, each with four numbered steps; below the lg
 * breakpoint a signed-in member's AMA chat takes the steps' place at the touch of an icon.
 */
export function CareerGpsHome({ headingLevel }: { headingLevel: 'h1' | 'h2' }) {
  const { ui } = useAppConfig();
  const { signedIn } = useIdentity();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const [params] = useSearchParams();
  const tabs = homeTabs(ui.primary_focus, signedIn ? getPortal() : null);
  const [chosen, setChosen] = useState<HomeTab | null>(null);
  const tab = chosen && tabs.includes(chosen) ? chosen : tabs[0]!;
  const [chat, setChat] = useState(false);
  const [focusOpen, setFocusOpen] = useState(false);
  // Mounted from its first opening on, so that closing it plays its transition and gives the focus back.
  const [focusOpened, setFocusOpened] = useState(false);
  if (focusOpen && !focusOpened) setFocusOpened(true);
  const agentType = params.get('agent_type');
  const showChat = chat && narrow && signedIn;

  return (
    <Box component="section" aria-labelledby="careergps-home-title" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
        <Typography
          id="careergps-home-title"
          component={headingLevel}
          variant="h4"
          sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', sm: '2.1rem' }, overflowWrap: 'anywhere' }}
        >
          {HOME_TITLE}
        </Typography>
        {narrow && signedIn ? (
          <LazyTooltip title={showChat ? 'Back to the steps' : 'Ask AMA'}>
            <IconButton
              aria-label={showChat ? 'Close AMA chat' : 'Open AMA chat'}
              aria-pressed={showChat}
              onClick={() => setChat((open) => !open)}
              color="primary"
            >
              {showChat ? <CloseIcon /> : <ChatIcon />}
            </IconButton>
          </LazyTooltip>
        ) : null}
      </Stack>

      {showChat ? (
        <Box aria-label="AMA chat" role="region" sx={{ minHeight: 400 }}>
          <Suspense fallback={<CircularProgress aria-label="Loading the assistant" />}>
            <AssistantChat />
          </Suspense>
        </Box>
      ) : (
        <>
          {agentType ? <AgentCards agentType={agentType} /> : null}
          <Tabs
            value={tab}
            onChange={(_, next: HomeTab) => setChosen(next)}
            aria-label="CareerGPS paths"
            variant="fullWidth"
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
          >
            {tabs.map((id) => (
              <Tab key={id} value={id} label={TAB_LABELS[id]} id={`home-tab-${id}`} aria-controls={`home-panel-${id}`} />
            ))}
          </Tabs>
          {tabs.map((id) => (
            <Box key={id} role="tabpanel" id={`home-panel-${id}`} aria-labelledby={`home-tab-${id}`} hidden={id !== tab}>
              {id === tab ? <StepList
                  steps={HOME_STEPS[id]}
                  headingLevel={headingLevel === 'h1' ? 'h2' : 'h3'}
                  onFocusAreas={() => setFocusOpen(true)}
                /> : null}
            </Box>
          ))}
        </>
      )}
      {focusOpened ? (
        // A modal: nothing on the page moves while its code loads.
        <Suspense fallback={null}>
          <FocusAreasDialog open={focusOpen} onClose={() => setFocusOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}

interface StepListProps {
  steps: HomeStep[];
  /** One level under the home's own heading, so that the page's headings descend in order. */
  headingLevel: 'h2' | 'h3';
  onFocusAreas: () => void;
}

function StepList({ steps, headingLevel, onFocusAreas }: StepListProps) {
  return (
    <Box
      component="ol"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {steps.map((step, i) => (
        <Card component="li" key={step.title} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
          <CardContent sx={{ flex: 1 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
              <StepNumber n={i + 1} />
              <Typography component={headingLevel} variant="h6" sx={{ lineHeight: 1.25 }}>
                <Box component="span" sx={visuallyHidden}>{`Step ${i + 1}: `}</Box>
                {step.title}
              </Typography>
            </Stack>
            <Typography color="text.secondary">{step.text}</Typography>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            {step.to ? (
              <Button variant="contained" component={RouterLink} to={step.to}>
                {step.action}
              </Button>
            ) : (
              <Button
                variant="contained"
                onClick={onFocusAreas}
                onPointerEnter={preloadFocusAreasDialog}
                onFocus={preloadFocusAreasDialog}
                aria-haspopup="dialog"
              >
                {step.action}
              </Button>
            )}
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}
