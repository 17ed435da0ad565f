// Recommended items of an answer or of the Recommendations tab: the first 2 inline, the rest in
// the Related drawer behind Show More (spec 002 §4).
import { useState } from 'react';
import { Avatar, Box, Button, Drawer, IconButton, Link, List, ListItem, ListItemAvatar, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { TYPE_LABELS, itemLink, shortTitle, splitItems } from '../../lib/recommendations/itemRules';
import type { RecommendedItem } from '../../lib/recommendations/types';

const DRAWER_WIDTH = 360;

function ItemRow({ item, full }: { item: RecommendedItem; full?: boolean }) {
  const href = itemLink(item);
  const external = /^https?:/.test(href);
  const title = item.name || item.title;
  return (
    <ListItem disableGutters alignItems="flex-start" sx={{ py: 0.5 }}>
      <ListItemAvatar sx={{ minWidth: 44 }}>
        <Avatar src={item.image_path ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
          {title.slice(0, 1)}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={
          <Link
            component={external ? 'a' : RouterLink}
            {...(external ? { href, target: '_blank', rel: 'noopener noreferrer' } : { to: href })}
            title={title}
            underline="hover"
          >
            {full ? title : shortTitle(title)}
          </Link>
        }
        secondary={
          <>
            <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              {TYPE_LABELS[item.type] ?? item.type}
            </Typography>
            {item.reason && (
              <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                {item.reason}
              </Typography>
            )}
          </>
        }
      />
    </ListItem>
  );
}

export default function RecommendedItems({ items }: { items: RecommendedItem[] }) {
  const [open, setOpen] = useState(false);
  const { inline, more } = splitItems(items);
  if (inline.length === 0) return null;
  return (
    <Box>
      <List dense disablePadding aria-label="Recommended">
        {inline.map((item) => (
          <ItemRow key={`${item.type}-${item.id}`} item={item} />
        ))}
      </List>
      {more.length > 0 && (
        <Button size="small" onClick={() => setOpen(true)}>
          Show More
        </Button>
      )}
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: { xs: '100%', sm: DRAWER_WIDTH } } } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
          <Typography variant="h6" component="h2">
            Related
          </Typography>
          <IconButton aria-label="Close" onClick={() => setOpen(false)}>
            ×
          </IconButton>
        </Stack>
        <List dense sx={{ px: 2 }} onClick={() => setOpen(false)}>
          {[...inline, ...more].map((item) => (
            <ItemRow key={`${item.type}-${item.id}`} item={item} full />
          ))}
        </List>
      </Drawer>
    </Box>
  );
}
