import { adminMessages, Dialog, DialogContent } from '@hiwar/ui';
import { AdminSidebarContent } from './admin-sidebar.tsx';

export interface AdminMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The back office's navigation below `lg`: the sidebar's content in a sheet from the start edge. On a
 * chunk of its own with the dialog machinery (AdminMobileMenu loads it); closing it puts the focus
 * back on the menu button (DialogContent returns it to the opener).
 */
export function AdminMenuSheet({ open, onOpenChange }: AdminMenuSheetProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="start" title={adminMessages.sidebar} hideTitle>
        <AdminSidebarContent onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
