module github.com/evochess/evochess

go 1.26

require (
	github.com/notnil/chess v1.10.0 // indirect
	github.com/vugu/html v0.0.0-20190914200101-c62dc20b8289 // indirect
	github.com/vugu/vjson v0.0.0-20200505061711-f9cbed27d3d9 // indirect
	github.com/vugu/vugu v0.4.0 // indirect
	github.com/vugu/xxhash v0.0.0-20191111030615-ed24d0179019 // indirect
	honnef.co/go/js/dom/v2 v2.0.0-20231112215516-51f43a291193 // indirect
)

tool github.com/vugu/vugu/cmd/vugugen
