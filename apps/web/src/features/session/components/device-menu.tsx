import {
  Button,
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  sessionMessages,
} from '@hiwar/ui';
import { Check, type LucideIcon, Mic, Settings, Video, Volume2 } from 'lucide-react';
import type { DeviceChoice, RoomDevices } from '../hooks/use-room-devices.ts';

const text = sessionMessages.devices;

export interface DeviceMenuProps {
  devices: RoomDevices;
  /** The trigger's classes, to match the other room controls. */
  className?: string;
}

/**
 * The room's gear menu: cameras, microphones and (where the browser can pick one) speakers, the one
 * in use checked. A menu of radio items (Radix: arrow keys, typeahead, Escape; RTL from the app's
 * direction), opening upwards from the control bar.
 */
export function DeviceMenu({ devices, className }: DeviceMenuProps) {
  const sections: [string, DeviceChoice, LucideIcon, boolean][] = [
    [text.camera, devices.camera, Video, devices.canSwitch],
    [text.microphone, devices.microphone, Mic, devices.canSwitch],
  ];
  if (devices.speaker) {
    sections.push([text.speaker, devices.speaker, Volume2, true]);
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" className={className} aria-label={text.menu}>
          <Settings aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="top"
        align="center"
        className="max-h-(--radix-dropdown-menu-content-available-height) w-80 max-w-[calc(100vw-2rem)] overflow-y-auto"
      >
        {sections.map(([title, choice, icon, enabled], index) => (
          <DeviceSection
            key={title}
            title={title}
            choice={choice}
            icon={icon}
            enabled={enabled}
            first={index === 0}
          />
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** One kind of device: a labelled group of radio items, or "no devices". */
function DeviceSection({
  title,
  choice,
  icon: Icon,
  enabled,
  first,
}: {
  title: string;
  choice: DeviceChoice;
  icon: LucideIcon;
  enabled: boolean;
  first: boolean;
}) {
  return (
    <>
      {first ? null : <DropdownMenuSeparator />}
      <DropdownMenuGroup aria-label={title}>
        <DropdownMenuLabel className="flex items-center gap-2 pb-1 text-xs font-bold text-muted-foreground">
          <Icon aria-hidden className="size-4" />
          {title}
        </DropdownMenuLabel>
        {choice.options.length === 0 ? (
          <DropdownMenuItem disabled>{text.none}</DropdownMenuItem>
        ) : (
          choice.options.map((option) => {
            const checked = option.value === choice.current;
            return (
              <DropdownMenuItem
                key={option.value}
                role="menuitemradio"
                aria-checked={checked}
                disabled={!enabled}
                onSelect={() => choice.select(option.value)}
                // `aria-checked:` outranks the item's own weight and icon colour.
                className="aria-checked:font-bold aria-checked:[&_svg]:text-brand"
              >
                <Check aria-hidden className={cn(!checked && 'invisible')} />
                {/* Device names are often Latin ("USB Camera (046d)"): their own direction. */}
                <span dir="auto" className="min-w-0 truncate">
                  {option.label}
                </span>
              </DropdownMenuItem>
            );
          })
        )}
      </DropdownMenuGroup>
    </>
  );
}
