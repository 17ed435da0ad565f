import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import Box from '@mui/material/Box';
import Chip, { type ChipTypeMap } from '@mui/material/Chip';
import type { AutocompleteInputChangeReason, AutocompleteProps, AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import { ArrowDropDownIcon } from '../icons';

// MUI's Autocomplete with its popper weighs ~18 kB gzipped: the form pages download it when a
// field is first used (issue 30), as the list filters do (components/lists/FilterSelect.tsx).
const loadAutocomplete = () => import('@mui/material/Autocomplete');
// React.lazy drops the component's type parameters: the same component, typed as itself.
const Autocomplete = lazy(loadAutocomplete) as unknown as typeof import('@mui/material/Autocomplete').default;

/** Starts the download once the page is idle, so that the first use of a field rarely waits. */
function usePreloadWhenIdle(): void {
  useEffect(() => {
    const load = () =>
      void loadAutocomplete().catch(() => {
        // The first use retries (React.lazy) and shows a failure then.
      });
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 2000);
    return () => (idle ? window.cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, []);
}

/** How the stand-in was first used: a press or typing opens the list at once. */
type Wake = { open: boolean };

/** Where the stand-in's focus and caret are, for the real field to take over. */
interface Handover {
  focused: boolean;
  selection: [number, number] | null;
}

/**
 * MUI's `Autocomplete`, same props, loaded on first use. Until then a stand-in renders the
 * caller's own `renderInput` (so the label, helper text, error, `name` and `required` are the
 * same) with the Autocomplete's layout: the chosen value or chips, the arrow, a combobox role.
 * Focusing it (by keyboard, or by a press, which also opens the list) starts the download in a
 * transition: the stand-in stays on screen and keeps what is typed until the real field takes
 * over its text, caret and focus, so a keyboard user loses no keypress. The focus is taken over
 * only when the stand-in still has it (tabbing past a field does not pull the focus back). A
 * chip's delete works on the stand-in too.
 */
export default function LazyAutocomplete<
  Value,
  Multiple extends boolean | undefined = false,
  DisableClearable extends boolean | undefined = false,
  FreeSolo extends boolean | undefined = false,
  ChipComponent extends React.ElementType = ChipTypeMap['defaultComponent'],
>(props: AutocompleteProps<Value, Multiple, DisableClearable, FreeSolo, ChipComponent>) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const [wake, setWake] = useState<Wake | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const handoverRef = useRef<Handover>({ focused: false, selection: null });
  usePreloadWhenIdle();

  // The real field is on screen (the wake commits only with it): it takes the focus and caret.
  useLayoutEffect(() => {
    if (!wake || !handoverRef.current.focused) return;
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement)) return;
    if (document.activeElement !== input) input.focus();
    if (handoverRef.current.selection) input.setSelectionRange(...handoverRef.current.selection);
  }, [wake, id]);

  const standIn = (
    <StandIn
      {...props}
      id={id}
      typed={typed}
      handoverRef={handoverRef}
      onType={setTyped}
      onWake={(next) => startTransition(() => setWake((current) => ({ open: Boolean(current?.open) || next.open })))}
      // Left before the real field came: it arrives closed. An urgent update, so it also applies
      // over a wake still waiting for the download (updates apply in the order they were made).
      onLeave={() => setWake((current) => current && { open: false })}
    />
  );
  if (!wake) return <Suspense fallback={standIn}>{standIn}</Suspense>;

  // What was typed before the real field came: its starting text, kept over the reset it does on mount.
  const seeded = typed !== null && props.inputValue === undefined;
  return (
    <Suspense fallback={standIn}>
      <SeededAutocomplete {...props} id={id} initialOpen={wake.open} typedBefore={typed !== null} seedText={seeded ? typed : null} />
    </Suspense>
  );
}

type Seeded<Value, Multiple extends boolean | undefined, DisableClearable extends boolean | undefined, FreeSolo extends boolean | undefined, ChipComponent extends React.ElementType> = AutocompleteProps<
  Value,
  Multiple,
  DisableClearable,
  FreeSolo,
  ChipComponent
> & { initialOpen: boolean; typedBefore: boolean; seedText: string | null };

/** The real Autocomplete, opened and holding the stand-in's text when it was used that way. */
function SeededAutocomplete<
  Value,
  Multiple extends boolean | undefined,
  DisableClearable extends boolean | undefined,
  FreeSolo extends boolean | undefined,
  ChipComponent extends React.ElementType,
>({ initialOpen, typedBefore, seedText, ...props }: Seeded<Value, Multiple, DisableClearable, FreeSolo, ChipComponent>) {
  const [open, setOpen] = useState(initialOpen);
  const [text, setText] = useState(seedText);
  // Mounting, Autocomplete resets its text to the value's label (or '' beside chips) once: not
  // over what was typed into the stand-in. Only that first reset: its effect runs before ours.
  const keepTyped = useRef(typedBefore);
  useEffect(() => {
    keepTyped.current = false;
  }, []);
  const controlledOpen = props.open !== undefined;
  const onInputChange = (event: SyntheticEvent, next: string, reason: AutocompleteInputChangeReason) => {
    if (reason === 'reset' && keepTyped.current) {
      keepTyped.current = false;
      return;
    }
    keepTyped.current = false;
    if (text !== null) setText(next);
    props.onInputChange?.(event, next, reason);
  };
  return (
    <Autocomplete<Value, Multiple, DisableClearable, FreeSolo, ChipComponent>
      {...props}
      open={controlledOpen ? props.open : open}
      onOpen={(event) => {
        if (!controlledOpen) setOpen(true);
        props.onOpen?.(event);
      }}
      onClose={(event, reason) => {
        if (!controlledOpen) setOpen(false);
        props.onClose?.(event, reason);
      }}
      inputValue={text ?? props.inputValue}
      onInputChange={onInputChange}
    />
  );
}

type StandInProps<Value, Multiple extends boolean | undefined, DisableClearable extends boolean | undefined, FreeSolo extends boolean | undefined, ChipComponent extends React.ElementType> = AutocompleteProps<
  Value,
  Multiple,
  DisableClearable,
  FreeSolo,
  ChipComponent
> & {
  id: string;
  typed: string | null;
  handoverRef: RefObject<Handover>;
  onType: (text: string) => void;
  onWake: (wake: Wake) => void;
  onLeave: () => void;
};

/** What the Autocomplete looks like before it is used, drawn with the caller's `renderInput`. */
function StandIn<
  Value,
  Multiple extends boolean | undefined,
  DisableClearable extends boolean | undefined,
  FreeSolo extends boolean | undefined,
  ChipComponent extends React.ElementType,
>(props: StandInProps<Value, Multiple, DisableClearable, FreeSolo, ChipComponent>) {
  const { id, typed, handoverRef, onType, onWake, onLeave, multiple, disabled = false, readOnly = false, size, freeSolo, forcePopupIcon = 'auto' } = props;
  const input = useRef<HTMLInputElement>(null);
  const label = (option: Value | string) => (typeof option === 'string' ? option : props.getOptionLabel ? props.getOptionLabel(option) : String((option as { label?: unknown }).label ?? option));
  const values: Value[] = multiple ? ((props.value ?? []) as Value[]) : [];
  const single = !multiple && props.value != null ? (props.value as Value | string) : null;
  const shown = props.inputValue ?? typed ?? (single !== null ? label(single) : '');
  const remember = () => {
    const element = input.current;
    handoverRef.current = {
      focused: element !== null && document.activeElement === element,
      selection: element && element.selectionStart !== null ? [element.selectionStart, element.selectionEnd ?? element.selectionStart] : null,
    };
  };
  // A press only notes that the list should open: the focus that follows wakes the field, so
  // the real one never replaces the stand-in between the press and the focus it gives.
  const pressed = useRef(false);
  const wake = (open: boolean) => {
    remember();
    onWake({ open: open || pressed.current });
  };

  let startAdornment: ReactNode;
  if (multiple && values.length > 0) {
    const itemProps = ({ index }: { index: number }) => ({
      key: index,
      'data-item-index': index,
      tabIndex: -1,
      className: 'MuiAutocomplete-tag',
      disabled,
      onDelete: readOnly
        ? undefined
        : (event: SyntheticEvent) => {
            const removed = values[index] as Value;
            const next = values.filter((_, at) => at !== index);
            (props.onChange as ((event: SyntheticEvent, value: Value[], reason: 'removeOption', details: { option: Value }) => void) | undefined)?.(event, next, 'removeOption', {
              option: removed,
            });
          },
    });
    startAdornment = props.renderValue
      ? (props.renderValue as (value: Value[], getItemProps: typeof itemProps, ownerState: unknown) => ReactNode)(values, itemProps, props)
      : values.map((value, index) => {
          const { key, ...rest } = itemProps({ index });
          return <Chip key={key} label={label(value)} size={size === 'small' ? 'small' : 'medium'} {...rest} />;
        });
  }
  const hasPopupIcon = (!freeSolo || forcePopupIcon === true) && forcePopupIcon !== false;
  const params: AutocompleteRenderInputParams = {
    id,
    disabled,
    fullWidth: props.fullWidth ?? true,
    size: size === 'small' ? 'small' : undefined,
    slotProps: {
      inputLabel: { id: `${id}-label`, htmlFor: id } as AutocompleteRenderInputParams['slotProps']['inputLabel'],
      input: {
        ref: null,
        className: 'MuiAutocomplete-inputRoot',
        startAdornment,
        onMouseDown: () => {},
        endAdornment: hasPopupIcon ? (
          <Box
            component="span"
            aria-hidden
            className="MuiAutocomplete-endAdornment"
            sx={{ position: 'absolute', right: 9, top: '50%', transform: 'translate(0, -50%)', display: 'flex', p: '2px', mr: '-2px', color: 'action.active' }}
          >
            <ArrowDropDownIcon />
          </Box>
        ) : undefined,
      },
      htmlInput: {
        ref: input,
        id,
        className: 'MuiAutocomplete-input',
        disabled,
        readOnly,
        value: shown,
        role: 'combobox',
        'aria-expanded': false,
        'aria-autocomplete': 'list',
        autoComplete: 'off',
        autoCapitalize: 'none',
        spellCheck: false,
        onFocus: () => wake(false),
        onBlur: (event: FocusEvent<HTMLInputElement>) => {
          // Left for another element: no taking the focus back. Checked a moment later, as a
          // browser may also blur the stand-in when the real field replaces it (then it is gone).
          const element = event.currentTarget;
          queueMicrotask(() => {
            if (!element.isConnected) return;
            handoverRef.current = { focused: false, selection: null };
            pressed.current = false;
            onLeave();
          });
        },
        onSelect: remember,
        onPointerDown: () => {
          pressed.current = true;
        },
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          onType(event.target.value);
          props.onInputChange?.(event, event.target.value, 'input');
          wake(true);
        },
      } as unknown as AutocompleteRenderInputParams['slotProps']['htmlInput'],
    },
  };
  return (
    <Box
      className="MuiAutocomplete-root"
      onBlur={(event) => {
        // As the real field's: when the user leaves, not when the real field replaces this one.
        const element = event.target;
        queueMicrotask(() => {
          if (element.isConnected) props.onBlur?.(event);
        });
      }}
      sx={[
        {
          width: (props.fullWidth ?? true) ? '100%' : undefined,
          '& .MuiAutocomplete-tag': size === 'small' ? { m: '2px', maxWidth: 'calc(100% - 4px)' } : { m: '3px', maxWidth: 'calc(100% - 6px)' },
          '& .MuiAutocomplete-inputRoot': {
            flexWrap: multiple ? 'wrap' : undefined,
            '& .MuiAutocomplete-input': { width: 0, minWidth: 30, flexGrow: 1, textOverflow: 'ellipsis' },
          },
          '& .MuiOutlinedInput-root': {
            p: size === 'small' ? '6px' : '9px',
            pr: hasPopupIcon ? '39px' : undefined,
            '& .MuiAutocomplete-input': { p: size === 'small' ? '2.5px 4px 2.5px 8px' : '7.5px 4px 7.5px 5px' },
          },
        },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      {props.renderInput(params)}
    </Box>
  );
}
