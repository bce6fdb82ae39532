module github.com/evochess/evochess

go 1.26

require (
	github.com/notnil/chess v1.10.0
	github.com/piglig/go-qr v1.1.0
	github.com/vugu/vjson v0.0.0-20200505061711-f9cbed27d3d9
	github.com/vugu/vugu v0.4.0
)

require (
	github.com/vugu/html v0.0.0-20190914200101-c62dc20b8289 // indirect
	github.com/vugu/xxhash v0.0.0-20191111030615-ed24d0179019 // indirect
)

tool github.com/vugu/vugu/cmd/vugugen
