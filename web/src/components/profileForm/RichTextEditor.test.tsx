import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RichTextEditor from './RichTextEditor';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor label="Short bio" value={value} onChange={setValue} maxWords={5} helperText="About you" />
      <button type="button" onClick={() => setValue('<p>Replaced from outside</p>')}>
        Replace
      </button>
    </>
  );
}

// The editor loads on demand; loading it here, with a generous limit, keeps a slow first
// import on a busy machine from counting against the first test.
beforeAll(async () => {
  await import('./RichTextEditorImpl');
}, 120_000);

// jsdom has no layout: ProseMirror scrolls the selection into view with Range rectangles.
beforeAll(() => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('RichTextEditor', { timeout: 40_000 }, () => {
  it('loads the editor with its toolbar, labelled for assistive technology', async () => {
    render(<Harness initial="<p>Hello <strong>world</strong></p>" />);
    const editor = await screen.findByRole('textbox', { name: 'Short bio' }, { timeout: 20_000 });
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor).toHaveTextContent('Hello world');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
      expect(toolbar).toContainElement(screen.getByRole('button', { name }));
    }
    expect(screen.getByText('2/5 words')).toBeInTheDocument();
  });

  it('counts words past the limit in the error colour and takes values set from outside', async () => {
    render(<Harness initial="<p>one two three four five six</p>" />);
    const editor = await screen.findByRole('textbox', { name: 'Short bio' }, { timeout: 20_000 });
    expect(screen.getByText('6/5 words')).toBeInTheDocument();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText('3/5 words')).toBeInTheDocument();
    expect(editor).toHaveTextContent('Replaced from outside');
  });

  it('asks for a link address and checks it', async () => {
    render(<Harness initial="<p>My site</p>" />);
    await screen.findByRole('textbox', { name: 'Short bio' }, { timeout: 20_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address');
    expect(address).toHaveFocus();
    await userEvent.type(address, 'not a link{Enter}');
    expect(await screen.findByText('Enter a valid URL.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText('Link address')).not.toBeInTheDocument();
  });
});
