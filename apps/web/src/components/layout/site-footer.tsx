import { formatNumber, messages, PageContainer } from '@hiwar/ui';

export function SiteFooter() {
  const year = formatNumber(new Date().getFullYear(), { useGrouping: false });
  return (
    <footer className="border-t border-border py-6 text-sm text-muted-foreground">
      <PageContainer>
        © {year} {messages.app.name}. {messages.web.footer.rights}
      </PageContainer>
    </footer>
  );
}
