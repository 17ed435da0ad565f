import { lazy, Suspense, useState } from 'react';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useCareerEntries, useDeleteCareerEntry } from '../../api/careerEntries';
import type { CareerEntry, EntryType } from '../../api/types';
import ConfirmRemoval from '../ConfirmRemoval';
import { ListError } from '../../../../components/lists/ListStates';
import { AddIcon } from '../../../../components/icons';
import { RocketIcon, SchoolIcon, WorkIcon } from '../icons';
import CareerEntryCard from './CareerEntryCard';
import DreamNode from './DreamNode';
import TimelineItem from './TimelineItem';

const CareerEntryDialog = lazy(() => import('./CareerEntryDialog'));

interface Props {
  type: EntryType;
  userId: number;
  firstName: string;
  isOwner: boolean;
}

const TITLES: Record<EntryType, string> = { work: 'Career Tree', education: 'Education and Learning' };

function emptyText(type: EntryType, isOwner: boolean, firstName: string): string {
  if (type === 'work') {
    return isOwner ? 'Add the roles you have held to grow your Career Tree.' : `${firstName} has not added any work experience yet.`;
  }
  return isOwner ? 'Add your degrees, courses and certificates.' : `${firstName} has not added any education yet.`;
}

function TimelineSkeleton() {
  return (
    <Stack spacing={3} aria-busy="true" aria-label="Loading entries">
      {[0, 1].map((key) => (
        <Stack key={key} direction="row" spacing={2}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="45%" height={28} />
            <Skeleton width="30%" />
            <Skeleton width="90%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The Career Tree (work) or Education and Learning (education) timeline. The owner adds,
 * edits and deletes entries, and sees the dream career node at the top of the Career Tree.
 */
export default function CareerTimeline({ type, userId, firstName, isOwner }: Props) {
  const entries = useCareerEntries(userId, type);
  const remove = useDeleteCareerEntry(userId);
  const [editing, setEditing] = useState<CareerEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<CareerEntry | null>(null);
  const items = entries.data?.pages.flatMap((page) => page.data) ?? [];
  const showDream = isOwner && type === 'work';
  const icon = type === 'work' ? <WorkIcon fontSize="small" /> : <SchoolIcon fontSize="small" />;

  let body;
  if (entries.isPending) body = <TimelineSkeleton />;
  else if (entries.isError) body = <ListError onRetry={() => void entries.refetch()} />;
  else {
    body = (
      <>
        <Stack component="ol" sx={{ m: 0, p: 0 }}>
          {showDream && (
            <TimelineItem icon={<RocketIcon fontSize="small" />} dashed last={items.length === 0}>
              <DreamNode onAdd={() => setEditing('new')} />
            </TimelineItem>
          )}
          {items.map((entry, index) => (
            <TimelineItem key={entry.id} icon={icon} last={index === items.length - 1}>
              <CareerEntryCard
                entry={entry}
                onEdit={isOwner ? () => setEditing(entry) : undefined}
                onDelete={isOwner ? () => setRemoving(entry) : undefined}
              />
            </TimelineItem>
          ))}
        </Stack>
        {items.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: showDream ? 2 : 0 }}>
            {emptyText(type, isOwner, firstName)}
          </Typography>
        )}
        {entries.hasNextPage && (
          <Button
            variant="outlined"
            onClick={() => void entries.fetchNextPage()}
            loading={entries.isFetchingNextPage}
            sx={{ mt: 2 }}
          >
            Load more
          </Button>
        )}
      </>
    );
  }

  return (
    <Paper component="section" aria-label={TITLES[type]} variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {TITLES[type]}
        </Typography>
        {isOwner && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add New
          </Button>
        )}
      </Stack>
      {body}
      <Suspense fallback={null}>
        {isOwner && editing && (
          <CareerEntryDialog
            type={type}
            userId={userId}
            entry={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        )}
      </Suspense>
      <ConfirmRemoval
        item={removing}
        title={type === 'work' ? 'Delete this experience?' : 'Delete this education?'}
        whose="your"
        remove={remove}
        done="Successfully updated information"
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
