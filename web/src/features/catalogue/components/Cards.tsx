import type { ReactNode } from 'react';
import { Avatar, Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import type { AiTool, UseCase } from '../api/catalogue';
import { excerpt } from '../excerpt';
import FavouriteButton from '../../../components/reactions/FavouriteButton';
import VoteButton from '../../../components/reactions/VoteButton';

function StatusChip({ status }: { status: string }) {
  if (status === 'approved') return null;
  return <Chip size="small" label={status === 'pending' ? 'Pending' : 'Rejected'} color={status === 'pending' ? 'warning' : 'default'} />;
}

interface ShellProps {
  kind: 'aitool' | 'usecase';
  item: AiTool | UseCase;
  to: string;
  /** What the card shows above its excerpt. */
  children: ReactNode;
}

/** A catalogue item's card: a link to its page around the content and excerpt, then votes and the favourite toggle. */
function CatalogueCard({ kind, item, to, children }: ShellProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRadius: 3 }}>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, flexGrow: 1, alignItems: 'flex-start' }}>
        {children}
        <Typography variant="body2" color="text.secondary">
          {excerpt(item.description)}
        </Typography>
      </CardActionArea>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 1, pb: 1 }}>
        <VoteButton kind={kind} item={item} />
        <FavouriteButton kind={kind} item={item} />
      </Box>
    </Card>
  );
}

/** A catalogue card's title row (after `leading`, a logo, if any) with the status chip, then its chips (`children`). */
function CardHeading({ title, status, leading, children }: { title: string; status: string; leading?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Stack direction="row" spacing={leading ? 1.5 : 1} sx={{ alignItems: 'center', mb: 1 }}>
        {leading}
        <Typography variant="h6" component="h2" sx={{ fontSize: 18, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <StatusChip status={status} />
      </Stack>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mb: 1 }}>
        {children}
      </Stack>
    </>
  );
}

/** An AI tool in a list: logo, name, the first 2 categories, an excerpt, votes and the favourite toggle. */
export function AiToolCard({ tool }: { tool: AiTool }) {
  const options = useOptionsConfig();
  const label = (value: string) => options.aitool_categories.find((o) => o.value === value)?.label ?? value;
  return (
    <CatalogueCard kind="aitool" item={tool} to={`/ai-tool/${tool.slug}`}>
      <CardHeading
        title={tool.name}
        status={tool.status}
        leading={
          <Avatar src={tool.logo ?? undefined} alt="" variant="rounded">
            {tool.name.slice(0, 1)}
          </Avatar>
        }
      >
        {tool.categories.slice(0, 2).map((c) => (
          <Chip key={c} size="small" label={label(c)} />
        ))}
      </CardHeading>
    </CatalogueCard>
  );
}

/** A use case in a list: thumbnail, title, classification chips, an excerpt, votes and the favourite toggle. */
export function UseCaseCard({ useCase }: { useCase: UseCase }) {
  return (
    <CatalogueCard kind="usecase" item={useCase} to={`/usecase/${useCase.slug}`}>
      {useCase.thumbnail_image && (
        <Box component="img" src={useCase.thumbnail_image} alt="" sx={{ width: '100%', height: 120, objectFit: 'cover', borderRadius: 2, mb: 1 }} />
      )}
      <CardHeading title={useCase.title} status={useCase.status}>
        {useCase.business_value && <Chip size="small" label={`Value: ${useCase.business_value}`} />}
        {useCase.complexity && <Chip size="small" label={`Complexity: ${useCase.complexity}`} />}
      </CardHeading>
    </CatalogueCard>
  );
}
