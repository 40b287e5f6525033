import { messages } from '@hiwar/ui';
import {
  BookOpen,
  Camera,
  CreditCard,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  Package,
  ServerCog,
  Tags,
  UserCog,
  Users,
} from 'lucide-react';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on an exact match (the dashboard at `/`). */
  end?: boolean;
}

const nav = messages.admin.nav;

/** The back-office sidebar, in the order of spec §2. */
export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { to: '/', label: nav.dashboard, icon: LayoutDashboard, end: true },
  { to: '/photo-sessions', label: nav.photoSessions, icon: Camera },
  { to: '/users', label: nav.users, icon: Users },
  { to: '/invoices', label: nav.invoices, icon: CreditCard },
  { to: '/plans', label: nav.plans, icon: Package },
  { to: '/interviews', label: nav.interviews, icon: MessagesSquare },
  { to: '/lessons', label: nav.lessons, icon: BookOpen },
  { to: '/topics', label: nav.topics, icon: Tags },
  { to: '/platform-settings', label: nav.platformSettings, icon: ServerCog },
  { to: '/user-settings', label: nav.userSettings, icon: UserCog },
];
