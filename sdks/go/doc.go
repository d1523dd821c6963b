// Package postage is the Go client of the Postage transactional email API.
//
// Build a client from an API key and send:
//
//	client := postage.NewClient(os.Getenv("POSTAGE_API_KEY")) // https://api.postage.dev, or $POSTAGE_BASE_URL
//	res, err := client.Emails.Send(ctx, &postage.SendEmailRequest{
//		FromEmail: "hello@mail.example.com",
//		To:        "ada@example.org",
//		Subject:   "Welcome",
//		Message:   "Hello, Ada.",
//	})
//	if err != nil {
//		var apiErr *postage.APIError
//		if errors.As(err, &apiErr) {
//			log.Printf("refused: %d %s %s", apiErr.StatusCode, apiErr.Code, apiErr.Detail)
//		}
//		return err
//	}
//	log.Println("queued", res.MessageID)
//
// Every call takes a context and every method belongs to a Client: there is no global state
// (NewClient reads POSTAGE_BASE_URL once, when WithBaseURL is not given). The request and
// answer types (SendEmailRequest, EmailDetail, ...) are generated from the API's OpenAPI
// document (types.gen.go); the client, its retries, its errors and the webhook verification are
// written by hand.
//
// A refusal of the API is an *APIError (status, ErrorCode, detail, field errors, Retry-After); a
// request that got no answer is a *NetworkError (errors.Is(err, ErrTimeout) when it timed out).
//
// Sends are safe to retry: each carries an idempotency key (the request's, or one the client
// makes once per call), so the client retries a send whose answer was lost and the API answers
// the retry with the first answer instead of sending again. See WithMaxRetries for what is
// retried.
//
// The lists paged by a cursor have an iterator, ListAll, that follows next_cursor.
//
// Webhook deliveries are verified, and read as one WebhookEvent whatever their shape, by
// VerifyWebhook (or Client.Webhooks.Verify, ReadWebhook, WebhookHandler, WebhookVerifier).
package postage
