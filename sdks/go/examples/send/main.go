// Command send sends one email with the Postage Go SDK and prints its message id.
//
//	POSTAGE_BASE_URL=http://localhost:3000 POSTAGE_API_KEY=pk_... \
//	  go run ./examples/send -from hello@mail.example.com -to delivered@test.postage.dev
//
// sdks/go/test.sh builds it in a fresh module that installs the SDK from a module proxy, as its
// users do, and runs it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/postage-dev/postage-go"
)

func main() {
	from := flag.String("from", "", "sender, on a verified domain of the account")
	to := flag.String("to", "", "recipient")
	subject := flag.String("subject", "Hello from postage-go", "subject")
	flag.Parse()
	if *from == "" || *to == "" || os.Getenv("POSTAGE_API_KEY") == "" {
		fmt.Fprintln(os.Stderr, "usage: POSTAGE_API_KEY=... [POSTAGE_BASE_URL=...] send -from ADDRESS -to ADDRESS")
		os.Exit(2)
	}

	// The base URL: POSTAGE_BASE_URL when set, else https://api.postage.dev.
	client := postage.NewClient(os.Getenv("POSTAGE_API_KEY"), postage.WithTimeout(20*time.Second))

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := client.Emails.Send(ctx, &postage.SendEmailRequest{
		FromEmail: *from,
		To:        *to,
		Subject:   *subject,
		Message:   "Sent with the Postage Go SDK.",
	})
	if err != nil {
		var apiErr *postage.APIError
		var netErr *postage.NetworkError
		switch {
		case errors.As(err, &apiErr):
			fmt.Fprintf(os.Stderr, "refused: %d %s: %s\n", apiErr.StatusCode, apiErr.Code, apiErr.Detail)
		case errors.As(err, &netErr):
			fmt.Fprintln(os.Stderr, "no answer (the send may have been accepted; retry with an IdempotencyKey):", err)
		default:
			fmt.Fprintln(os.Stderr, err)
		}
		os.Exit(1)
	}
	fmt.Println(res.MessageID)
}
