import { STUDIO_MEDIA } from '@hiwar/domain';
import { adminInterviewsMessages } from '@hiwar/ui';
import { Check, X } from 'lucide-react';
import { Badge } from '../../../components/badge.tsx';

const text = adminInterviewsMessages;

/**
 * The three photo-session media of a tutor, each present (green) or missing (amber); the short name is
 * shown, the full state is what screen readers and the tooltip say.
 */
export function MediaBadges({ missing }: { missing: readonly string[] }) {
  return (
    <ul aria-label={text.studioList.media} className="flex flex-wrap gap-1.5">
      {STUDIO_MEDIA.map((kind) => {
        const isMissing = missing.includes(kind);
        const full = isMissing ? text.mediaState.missing(kind) : text.mediaState.present(kind);
        return (
          <li key={kind}>
            <Badge tone={isMissing ? 'warning' : 'success'} title={full}>
              {isMissing ? <X aria-hidden="true" /> : <Check aria-hidden="true" />}
              <span aria-hidden="true">{text.mediaShort[kind]}</span>
              <span className="sr-only">{full}</span>
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
