// The SDK's build tools (generate.sh, test.sh), a module of their own so that the published
// module github.com/postage-dev/postage-go carries none of them.
module github.com/postage-dev/postage-go/internal/cmd

go 1.25.0

require golang.org/x/mod v0.38.0
