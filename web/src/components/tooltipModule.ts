import type { ComponentType } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

export type TooltipComponent = ComponentType<TooltipProps>;

/** MUI's `Tooltip` module, once downloaded (shared by every LazyTooltip of the page). */
let loaded: TooltipComponent | null = null;
let loading: Promise<TooltipComponent> | null = null;

export function loadedTooltip(): TooltipComponent | null {
  return loaded;
}

export function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('@mui/material/Tooltip').then((module) => {
    loaded = module.default as TooltipComponent;
    return loaded;
  });
  return loading;
}
