import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_COMMENT_MAX_LENGTH } from '#shared/projects.js';
import { errorMessage } from '#client/lib/errors.js';
import { Button } from '#client/ui/button.js';
import { Label } from '#client/ui/label.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { useCreateReview } from '../api/create-review.js';
import { StarRating } from './star-rating.js';

const SUB_RATINGS = ['quality', 'timeliness', 'communication', 'value'] as const;
type SubRating = (typeof SUB_RATINGS)[number];

/** docs/contract.md §4.9: the owner rates the hired provider once: overall, four optional sub-ratings, a comment. */
export function ReviewForm({ jobId, providerName }: { jobId: string; providerName: string }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState<number | null>(null);
  const [subs, setSubs] = useState<Record<SubRating, number | null>>({
    quality: null,
    timeliness: null,
    communication: null,
    value: null,
  });
  const [comment, setComment] = useState('');
  const review = useCreateReview(jobId);

  return (
    <form
      data-testid="review-form"
      className="grid gap-3 rounded-xl border border-border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (rating === null) return;
        review.mutate(
          {
            rating,
            comment: comment.trim() || null,
            qualityRating: subs.quality,
            timelinessRating: subs.timeliness,
            communicationRating: subs.communication,
            valueRating: subs.value,
          },
          {
            onSuccess: () => toast({ title: t('projects:review_submitted'), variant: 'success' }),
            onError: (error) => toast({ title: errorMessage(error, t), variant: 'destructive' }),
          },
        );
      }}
    >
      <h3 className="font-semibold">{t('projects:review_title', { name: providerName })}</h3>
      <StarRating size="lg" label={t('projects:overall_rating')} value={rating} onChange={setRating} />
      <div className="grid gap-1.5 sm:grid-cols-2 sm:gap-x-6">
        {SUB_RATINGS.map((key) => (
          <StarRating
            key={key}
            label={t(`projects:${key}`)}
            value={subs[key]}
            onChange={(value) => setSubs((current) => ({ ...current, [key]: value }))}
          />
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`review-comment-${jobId}`}>{t('projects:comment')}</Label>
        <Textarea
          id={`review-comment-${jobId}`}
          rows={3}
          value={comment}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          onChange={(event) => setComment(event.target.value)}
          placeholder={t('projects:comment_placeholder')}
        />
      </div>
      <Button type="submit" disabled={rating === null || review.isPending} className="justify-self-start">
        {t('projects:submit_review')}
      </Button>
    </form>
  );
}
