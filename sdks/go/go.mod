module github.com/postage-dev/postage-go

go 1.24
