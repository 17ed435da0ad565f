/**
 * The sx of text that screen readers read and the screen does not show (a heading that names a
 * list the page's own heading already introduces, "Step 1: " before a numbered step's title).
 * Pixel strings: MUI reads a bare 1 as 100 %.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
