module saline/bench/go

go 1.26.0

require golang.org/x/crypto v0.58.0

require (
	example.invalid/saline/go v0.0.0
	golang.org/x/sys v0.49.0 // indirect
)

replace example.invalid/saline/go => ../../go
