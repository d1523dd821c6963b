package postage

import (
	"context"
	"fmt"
	"iter"
)

// pages yields every item of a cursor-paged list, from the first page, following next_cursor
// until it is null. A failed page is yielded as its error once, and the iteration ends.
func pages[Item any](ctx context.Context, first string, fetch func(ctx context.Context, cursor string) ([]Item, *string, error)) iter.Seq2[Item, error] {
	return func(yield func(Item, error) bool) {
		cursor := first
		seen := map[string]bool{}
		for {
			items, next, err := fetch(ctx, cursor)
			if err != nil {
				var zero Item
				yield(zero, err)
				return
			}
			for _, item := range items {
				if !yield(item, nil) {
					return
				}
			}
			if next == nil || *next == "" {
				return
			}
			if seen[*next] { // a cursor given twice would never end
				var zero Item
				yield(zero, fmt.Errorf("postage: the API gave the cursor %q twice", *next))
				return
			}
			seen[*next] = true
			cursor = *next
		}
	}
}

// ListAll yields every email of the log that params selects, newest first, fetching page after
// page (params.Limit rows each) as the loop goes on:
//
//	for email, err := range client.Emails.ListAll(ctx, &postage.ListEmailsParams{Tag: "run:7"}) {
//		if err != nil {
//			return err
//		}
//		fmt.Println(email.MessageID, email.Status)
//	}
//
// params.Cursor, when set, is where the first page starts. Breaking out of the loop stops it.
func (s *EmailsService) ListAll(ctx context.Context, params *ListEmailsParams) iter.Seq2[EmailSummary, error] {
	p := ListEmailsParams{}
	if params != nil {
		p = *params
	}
	return pages(ctx, p.Cursor, func(ctx context.Context, cursor string) ([]EmailSummary, *string, error) {
		q := p
		q.Cursor = cursor
		page, err := s.List(ctx, &q)
		if err != nil {
			return nil, nil, err
		}
		return page.Emails, page.NextCursor, nil
	})
}

// ListAll yields every suppressed address params selects, page after page (see EmailsService.ListAll).
func (s *SuppressionsService) ListAll(ctx context.Context, params *ListSuppressionsParams) iter.Seq2[SuppressionListItem, error] {
	p := ListSuppressionsParams{}
	if params != nil {
		p = *params
	}
	return pages(ctx, p.Cursor, func(ctx context.Context, cursor string) ([]SuppressionListItem, *string, error) {
		q := p
		q.Cursor = cursor
		page, err := s.List(ctx, &q)
		if err != nil {
			return nil, nil, err
		}
		return page.Suppressions, page.NextCursor, nil
	})
}

// ListAll yields every template of the account, page after page (see EmailsService.ListAll).
func (s *TemplatesService) ListAll(ctx context.Context, params *ListTemplatesParams) iter.Seq2[TemplateListItem, error] {
	p := ListTemplatesParams{}
	if params != nil {
		p = *params
	}
	return pages(ctx, p.Cursor, func(ctx context.Context, cursor string) ([]TemplateListItem, *string, error) {
		q := p
		q.Cursor = cursor
		page, err := s.List(ctx, &q)
		if err != nil {
			return nil, nil, err
		}
		return page.Templates, page.NextCursor, nil
	})
}

// ListAll yields every entry of the audit log params selects, newest first, page after page (see
// EmailsService.ListAll).
func (s *AuditService) ListAll(ctx context.Context, params *ListAuditParams) iter.Seq2[AuditEntry, error] {
	p := ListAuditParams{}
	if params != nil {
		p = *params
	}
	return pages(ctx, p.Cursor, func(ctx context.Context, cursor string) ([]AuditEntry, *string, error) {
		q := p
		q.Cursor = cursor
		page, err := s.List(ctx, &q)
		if err != nil {
			return nil, nil, err
		}
		return page.Entries, page.NextCursor, nil
	})
}
