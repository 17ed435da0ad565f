import { createElement, type ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';

// The server already sanitises rich text (docs/decisions.md "Rich text"); the page still
// builds React elements from an allow-list instead of injecting HTML, so nothing the
// server misses can run here.
const BLOCKS = new Set(['p', 'ul', 'ol', 'li', 'br', 'strong', 'em', 'b', 'i', 'u', 'a', 'h1', 'h2', 'h3', 'h4', 'blockquote']);
const SAFE_LINK = /^(https?:|mailto:)/i;

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes).map((child, index) => convert(child, `${key}.${index}`));
  if (tag === 'script' || tag === 'style' || tag === 'iframe' || tag === 'object') return null;
  if (!BLOCKS.has(tag)) return children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (!SAFE_LINK.test(href)) return children;
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, children);
  }
  // Headings inside user text become emphasised paragraphs, below the page's own headings.
  if (/^h\d$/.test(tag)) return createElement('p', { key }, createElement('strong', null, children));
  return createElement(tag, { key }, children);
}

/** Rich text from the server, rendered from an allow-list (p, lists, links, emphasis). */
export default function RichText({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const content = Array.from(doc.body.childNodes).map((node, index) => convert(node, String(index)));
  return (
    <Box
      sx={[
        {
          overflowWrap: 'anywhere',
          '& p': { my: 0.75 },
          '& p:first-of-type': { mt: 0 },
          '& p:last-of-type': { mb: 0 },
          '& ul, & ol': { my: 0.75, pl: 3 },
          '& a': { color: 'primary.main' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {content}
    </Box>
  );
}
