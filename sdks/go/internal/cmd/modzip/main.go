// Command modzip writes the SDK's module as a module proxy serves it (the zip, .mod and .info of
// one version, and the list) into a directory that GOPROXY=file://<dir> reads, with the exact
// zip `go mod download` gives for the module (golang.org/x/mod/zip: nested modules, vendor and
// VCS directories left out, the files checked). sdks/go/test.sh installs the SDK from there, as
// its users install it from proxy.golang.org.
//
//	go run ./modzip -dir ../.. -version v0.1.0 -o /tmp/proxy
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	dir := flag.String("dir", ".", "the module's root directory (its go.mod)")
	version := flag.String("version", "", "the version to publish, v0.1.0")
	out := flag.String("o", "", "the proxy directory to write")
	flag.Parse()
	if err := run(*dir, *version, *out); err != nil {
		fmt.Fprintln(os.Stderr, "modzip:", err)
		os.Exit(1)
	}
}

func run(dir, version, out string) error {
	if version == "" || out == "" {
		return fmt.Errorf("-version and -o are required")
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	path := modfile.ModulePath(gomod)
	mv := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return err
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	at := filepath.Join(out, escaped, "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(at, version+".zip"))
	if err != nil {
		return err
	}
	if err := zip.CreateFromDir(f, mv, dir); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	info, _ := json.Marshal(map[string]string{"Version": version, "Time": "2026-01-01T00:00:00Z"})
	for name, content := range map[string][]byte{version + ".mod": gomod, version + ".info": info, "list": []byte(version + "\n")} {
		if err := os.WriteFile(filepath.Join(at, name), content, 0o644); err != nil {
			return err
		}
	}
	fmt.Println(filepath.Join(at, version+".zip"))
	return nil
}
