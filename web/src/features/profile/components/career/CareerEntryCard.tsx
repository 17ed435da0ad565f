import { Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { CareerEntry } from '../../api/types';
import { dateRange } from '../../profileFormat';
import { hasText } from '../../richText';
import RichText from '../../../../components/RichText';
import { DeleteIcon } from '../../../../components/profileForm/formIcons';
import { EditIcon } from '../icons';

interface Props {
  entry: CareerEntry;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** One work or education entry: title, institution, dates, description and skills. */
export default function CareerEntryCard({ entry, onEdit, onDelete }: Props) {
  return (
    <Stack spacing={0.75} component="article" aria-label={entry.title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <div style={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.4, pt: 1 }}>
            {entry.title}
          </Typography>
          {entry.group_detailed?.name && (
            <Typography sx={{ overflowWrap: 'anywhere' }}>{entry.group_detailed.name}</Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {dateRange(entry.start_date, entry.end_date, entry.is_currently_working)}
          </Typography>
        </div>
        {(onEdit || onDelete) && (
          <Stack direction="row" sx={{ flexShrink: 0 }}>
            {onEdit && (
              <Tooltip title="Edit">
                <IconButton aria-label={`Edit ${entry.title}`} onClick={onEdit}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {onDelete && (
              <Tooltip title="Delete">
                <IconButton aria-label={`Delete ${entry.title}`} onClick={onDelete}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        )}
      </Stack>
      {hasText(entry.description) && <RichText html={entry.description} sx={{ typography: 'body2' }} />}
      {entry.skills_detailed.length > 0 && (
        <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap', pt: 0.5 }}>
          {entry.skills_detailed.map((skill) => (
            <Chip key={skill.id} label={skill.name} size="small" variant="outlined" />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
