import { adminDashboardMessages, adminMessages } from '@hiwar/ui';
import {
  Activity,
  BookOpen,
  Camera,
  CreditCard,
  HardDrive,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MessagesSquare,
  Package,
  ServerCog,
  Tags,
  Undo2,
  UserCog,
  Users,
} from 'lucide-react';
import { type AdminSection, canOpenSection } from '../lib/staff-access.ts';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The area this entry opens; the sidebar shows it only to roles allowed there. */
  section: AdminSection;
  /** Active only on an exact match (the dashboard at `/`). */
  end?: boolean;
  /** A live count shown beside the label (open reports, unhandled contact requests). */
  badge?: 'reports' | 'contactRequests';
}

const nav = adminMessages.nav;
const backOffice = adminDashboardMessages.nav;

/** The back-office sidebar, in the order of spec §2. */
export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { to: '/', label: nav.dashboard, icon: LayoutDashboard, section: 'dashboard', end: true },
  { to: '/photo-sessions', label: nav.photoSessions, icon: Camera, section: 'photoSessions' },
  { to: '/users', label: nav.users, icon: Users, section: 'users' },
  { to: '/invoices', label: nav.invoices, icon: CreditCard, section: 'invoices' },
  {
    to: '/refund-requests',
    label: nav.refundRequests,
    icon: Undo2,
    section: 'refundRequests',
  },
  { to: '/plans', label: nav.plans, icon: Package, section: 'plans' },
  { to: '/interviews', label: nav.interviews, icon: MessagesSquare, section: 'interviews' },
  { to: '/lessons', label: nav.lessons, icon: BookOpen, section: 'lessons' },
  { to: '/topics', label: nav.topics, icon: Tags, section: 'topics' },
  { to: '/reports', label: nav.reports, icon: LifeBuoy, section: 'reports', badge: 'reports' },
  {
    to: '/contact-requests',
    label: nav.contactRequests,
    icon: Inbox,
    section: 'contactRequests',
    badge: 'contactRequests',
  },
  { to: '/platform-settings', label: nav.platformSettings, icon: ServerCog, section: 'platformSettings' },
  { to: '/media', label: backOffice.media, icon: HardDrive, section: 'media' },
  { to: '/server-stats', label: backOffice.serverStats, icon: Activity, section: 'serverStats' },
  { to: '/user-settings', label: nav.userSettings, icon: UserCog, section: 'userSettings' },
];

/** The entries a role may use, in sidebar order. */
export function navItemsFor(role: number): AdminNavItem[] {
  return ADMIN_NAV_ITEMS.filter((item) => canOpenSection(role, item.section));
}
